-- Discount deduction rates as data (docs/data-formats.md), in basis points (2000 = 20%).
-- England & Wales, fixed rates from 1 April 2023 (https://www.nhsbsa.nhs.uk/drug-tariff-deduction-scale):
-- generics (Part VIIIA Category A and M) 20%, appliances (Part IX) 9.85%, everything else 5%,
-- discount-not-deducted items and concession lines 0%.
-- Category H's group is not yet confirmed by any source: it is assumed to be a generic like
-- Category M and marked unconfirmed, so an operator can change this row when it is.
-- Northern Ireland, fully in place from April 2025 (BSO revised discounting arrangements): generics
-- 18.48%, appliances 10.39%, brands 5.27%; Zero Discount List exempt; concession lines 0% from April 2024.
INSERT INTO "discount_rates" ("edition", "rate_group", "valid_from", "rate_bp", "confirmed", "source") VALUES
  (1, 'generic', '2023-04-01', 2000, true, 'NHSBSA Drug Tariff deduction scale from 1 April 2023'),
  (1, 'appliance', '2023-04-01', 985, true, 'NHSBSA Drug Tariff deduction scale from 1 April 2023'),
  (1, 'brand', '2023-04-01', 500, true, 'NHSBSA Drug Tariff deduction scale from 1 April 2023'),
  (1, 'dnd', '2023-04-01', 0, true, 'Discount not deducted (Drug Tariff Part II)'),
  (1, 'concession', '2023-04-01', 0, true, 'Concession lines are discount not deducted from April 2023'),
  (1, 'category-h', '2023-04-01', 2000, false, 'Assumed equal to Category M until confirmed'),
  (2, 'generic', '2025-04-01', 1848, true, 'BSO revised discounting arrangements, April 2025'),
  (2, 'appliance', '2025-04-01', 1039, true, 'BSO revised discounting arrangements, April 2025'),
  (2, 'brand', '2025-04-01', 527, true, 'BSO revised discounting arrangements, April 2025'),
  (2, 'dnd', '2025-04-01', 0, true, 'Zero Discount List'),
  (2, 'concession', '2024-04-01', 0, true, 'Concession lines zero discount from April 2024'),
  (2, 'category-h', '2025-04-01', 1848, false, 'Assumed equal to Category M until confirmed');

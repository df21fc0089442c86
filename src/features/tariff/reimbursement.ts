import {
  editionNames,
  formatPence,
  formatUnitPence,
  monthLabel,
  type Edition,
  type Period,
} from "@/lib/tariff-vocabulary";

/**
 * What a pharmacy is paid for one pack in one dispensing month (docs/data-formats.md §5.1, §5.2): the
 * price in force, replaced by the month's concession if one was granted, less the discount deduction
 * of the pack's rate group as it stood that month in the edition. Pure: the caller reads the prices,
 * the concession, the Zero Discount / Discount Not Deducted list and the rates in force
 * (`ratesInForce`); this module decides and explains, so the product page, the comparison of the
 * editions and the import's net prices follow one rule.
 */
export type RateGroup = "generic" | "appliance" | "brand" | "category-h" | "dnd" | "concession";

/** Part VIIIA categories with a group of their own; any other category (C, and new ones) is a brand. */
export const categoryRateGroups: Readonly<Record<string, RateGroup>> = {
  A: "generic",
  M: "generic",
  H: "category-h",
};

/** A dm+d Drug Tariff category naming Part IX (`Part IXa`, `Parts IXb and IXc`): an appliance. */
export const applianceCategoryPattern = /^Parts? IX/;

/** A Part VIIIA pack, a Part IX appliance, a branded pack, or a special (Parts VIIIB and VIIID). */
export type ReimbursedKind = "drug" | "appliance" | "brand" | "special";

export type PackFacts = {
  kind: ReimbursedKind;
  /** Part VIIIA category letter, Part IX part, or a branded pack's dm+d Drug Tariff category. */
  category: string | null;
  /** On the edition's Zero Discount / Discount Not Deducted list in force that month. */
  zeroDiscount: boolean;
  /** A concession was granted on it that month (Part VIIIA packs only). */
  onConcession: boolean;
};

/** The group whose rate a pack's line is deducted at. */
export function rateGroupOf(pack: PackFacts): RateGroup {
  if (pack.zeroDiscount) return "dnd";
  if (pack.kind === "drug") {
    if (pack.onConcession) return "concession";
    return categoryRateGroups[pack.category ?? ""] ?? "brand";
  }
  if (pack.kind === "special") return "brand";
  if (pack.kind === "appliance" || applianceCategoryPattern.test(pack.category ?? "")) return "appliance";
  return "brand";
}

/** Price after a deduction, rounded to the penny as the import rounds it. */
export function netPence(pence: number, rateBp: number): number {
  return Math.round((pence * (10000 - rateBp)) / 10000);
}

/** A concession price given for a Part VIIIA pack puts it on concession: the caller does not say so twice. */
export type ReimbursementInput = Omit<PackFacts, "onConcession"> & {
  edition: Edition;
  period: Period;
  /** The price in force: Part VIIIA basic price, Part IX price or NHS indicative price. */
  pricePence: number;
  /** The month's concession price, if one was granted; it replaces `pricePence`. */
  concessionPence: number | null;
  packSize: number | null;
  unit: string | null;
  /** Each group's rate in force for the edition that month, in basis points (`ratesInForce`). */
  rates: ReadonlyMap<string, number>;
};

export type Reimbursement = {
  edition: Edition;
  period: Period;
  pricePence: number;
  concessionPence: number | null;
  /** What the deduction is taken from: the concession price if granted, else the price in force. */
  paidOnPence: number;
  group: RateGroup;
  rateBp: number | null;
  deductionPence: number | null;
  /** Expected reimbursement per pack; null when no rate for the group is recorded that month. */
  perPackPence: number | null;
  /** Per unit of the pack (tablet, ml…), in pence with fractions. */
  perUnitPence: number | null;
  /** Each step in the words a pharmacist reads. */
  steps: string[];
};

const figure = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 3 });

/** 2000 → "20%", 985 → "9.85%". */
export function formatRate(bp: number): string {
  return `${figure.format(bp / 100)}%`;
}

const priceWords: Record<ReimbursedKind, string> = {
  drug: "Drug Tariff basic price",
  appliance: "Drug Tariff price",
  brand: "NHS indicative price (dm+d list price)",
  special: "Drug Tariff price",
};

function groupWords(group: RateGroup, pack: Pick<PackFacts, "kind" | "category">, edition: Edition): string {
  const category = pack.category ? `Category ${pack.category}` : "This pack";
  switch (group) {
    case "dnd":
      return `The pack is on the ${edition === 2 ? "Zero Discount List" : "Discount Not Deducted list"}, so no discount is deducted`;
    case "concession":
      return "A line on concession carries no discount deduction for the month";
    case "generic":
      return `${category} is a generic: the generics deduction rate applies`;
    case "category-h":
      return "Category H is deducted at the generics rate (assumed until the rate is confirmed)";
    case "appliance":
      return "Appliances are deducted at the appliances rate";
    case "brand":
      return pack.kind === "drug"
        ? `${category} is priced on a brand or supplier: the brands rate applies`
        : pack.kind === "special"
          ? "Specials are deducted at the brands rate"
          : "Branded and other products are deducted at the brands rate";
  }
}

/** The money of one pack in one month and edition, without the words: what a list of thousands needs. */
export type PackMoney = Omit<Reimbursement, "steps">;

/**
 * The rule itself (product §3.2): the price in force, replaced by the month's concession for a
 * Part VIIIA pack, less the deduction of the pack's group at its rate that month. Numbers only, so
 * a list can price every row; `reimburse` adds the reasons in words.
 */
export function priceMoney(input: ReimbursementInput): PackMoney {
  const { edition, period, pricePence, concessionPence } = input;
  const onConcession = input.kind === "drug" && concessionPence !== null;
  const group = rateGroupOf({ ...input, onConcession });
  const paidOnPence = onConcession ? concessionPence! : pricePence;
  const rateBp = input.rates.get(group) ?? null;
  const perPackPence = rateBp === null ? null : netPence(paidOnPence, rateBp);
  const perUnitPence = perPackPence === null || !input.packSize ? null : perPackPence / input.packSize;
  return {
    edition,
    period,
    pricePence,
    concessionPence: onConcession ? concessionPence : null,
    paidOnPence,
    group,
    rateBp,
    deductionPence: perPackPence === null ? null : paidOnPence - perPackPence,
    perPackPence,
    perUnitPence,
  };
}

/** Why a pack's line is deducted as it is, in a pharmacist's words ("A line on concession carries no …"). */
export function deductionReason(
  money: Pick<PackMoney, "group" | "edition">,
  pack: Pick<PackFacts, "kind" | "category">,
): string {
  return groupWords(money.group, pack, money.edition);
}

/** The expected reimbursement of one pack in one month and edition, with its reasons. */
export function reimburse(input: ReimbursementInput): Reimbursement {
  const money = priceMoney(input);
  const { pricePence, paidOnPence, rateBp, perPackPence, perUnitPence } = money;
  const month = monthLabel(input.period);
  const where = editionNames[input.edition];

  const steps = [`${priceWords[input.kind]} in ${month}: ${formatPence(pricePence)}.`];
  if (input.kind === "drug") {
    steps.push(
      money.concessionPence !== null
        ? `A price concession of ${formatPence(paidOnPence)} was granted for ${month}: it replaces the basic price for this month.`
        : `No price concession for ${month}: the basic price is paid.`,
    );
  }
  const reason = deductionReason(money, input);
  steps.push(
    rateBp === null
      ? `${reason}, but no ${where} rate for it is recorded for ${month}, so the reimbursement cannot be worked out.`
      : rateBp === 0
        ? `${reason} (${where}, ${month}).`
        : `${reason}: ${formatRate(rateBp)} in ${where} in ${month}, so ${formatPence(paidOnPence - perPackPence!)} is deducted.`,
  );
  if (perPackPence !== null) {
    const unit = input.unit ?? "unit";
    steps.push(
      `Expected reimbursement: ${formatPence(perPackPence)} per pack` +
        (perUnitPence === null
          ? "."
          : `, ${formatUnitPence(perUnitPence)} per ${unit} (${figure.format(input.packSize!)} in the pack).`),
    );
  }
  return { ...money, steps };
}

/** How two editions' reimbursements differ: Northern Ireland's less England & Wales', and as a share of it. */
export function editionDifference(
  englandAndWales: number | null,
  northernIreland: number | null,
): { pence: number; percent: number | null } | null {
  if (englandAndWales === null || northernIreland === null) return null;
  const pence = northernIreland - englandAndWales;
  return {
    pence,
    percent: englandAndWales === 0 ? null : Math.round((pence / englandAndWales) * 10000) / 100,
  };
}

/** One line for a table cell: "20% off £10.00", "Concession £15.00, no deduction", "No rate recorded". */
export function shortExplanation(
  result: Pick<Reimbursement, "pricePence" | "concessionPence" | "rateBp">,
): string {
  const paidOn =
    result.concessionPence === null
      ? formatPence(result.pricePence)
      : `concession ${formatPence(result.concessionPence)}`;
  if (result.rateBp === null) return `${paidOn}: no rate recorded`;
  if (result.rateBp === 0) return `${paidOn}, no deduction`;
  return `${formatRate(result.rateBp)} off ${paidOn}`;
}

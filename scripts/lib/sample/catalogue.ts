import type { Random } from "./random";

/**
 * Plausible names for the sample data, written the way dm+d writes them. These are common generic
 * medicines and appliance types, combined at random with strengths, forms and pack sizes: the sample
 * copies no real tariff data, only the shape of it.
 */

type Form = { name: string; unit: string; packs: number[] };

const forms: Record<string, Form> = {
  tab: { name: "tablets", unit: "tablet", packs: [28, 28, 56, 30, 84, 100] },
  cap: { name: "capsules", unit: "capsule", packs: [28, 30, 56, 84, 100] },
  gr: { name: "gastro-resistant tablets", unit: "tablet", packs: [28, 56, 30] },
  grcap: { name: "gastro-resistant capsules", unit: "capsule", packs: [28, 7, 14] },
  mr: { name: "modified-release tablets", unit: "tablet", packs: [28, 56, 30, 60] },
  disp: { name: "dispersible tablets", unit: "tablet", packs: [28, 21, 100] },
  soln: { name: "oral solution", unit: "ml", packs: [100, 150, 200, 300, 500] },
  solnsf: { name: "oral solution sugar free", unit: "ml", packs: [100, 150, 300] },
  susp: { name: "oral suspension", unit: "ml", packs: [100, 150, 200] },
  cream: { name: "cream", unit: "gram", packs: [15, 30, 50, 100] },
  oint: { name: "ointment", unit: "gram", packs: [15, 30, 100] },
  gel: { name: "gel", unit: "gram", packs: [30, 50, 100] },
  eye: { name: "eye drops", unit: "ml", packs: [5, 10] },
  amp: { name: "solution for injection ampoules", unit: "ampoule", packs: [5, 10] },
  pfs: {
    name: "solution for injection pre-filled syringes",
    unit: "pre-filled disposable injection",
    packs: [1, 2, 10],
  },
  inh: { name: "inhaler CFC free", unit: "dose", packs: [120, 200] },
  patch: { name: "transdermal patches", unit: "patch", packs: [4, 8, 30] },
  sach: { name: "granules sachets", unit: "sachet", packs: [10, 20, 30] },
  supp: { name: "suppositories", unit: "suppository", packs: [10, 12] },
};

/** [generic name, strengths, forms]; a combination such as `Abacavir 600mg / Lamivudine 300mg` is one name. */
const medicines: [string, string[], string[]][] = [
  ["Aciclovir", ["200mg", "400mg", "800mg"], ["tab", "disp", "cream", "susp"]],
  ["Alendronic acid", ["10mg", "70mg"], ["tab"]],
  ["Allopurinol", ["100mg", "300mg"], ["tab"]],
  ["Amiloride", ["5mg"], ["tab"]],
  ["Amitriptyline", ["10mg", "25mg", "50mg"], ["tab", "soln"]],
  ["Amlodipine", ["5mg", "10mg"], ["tab", "solnsf"]],
  ["Amoxicillin", ["250mg", "500mg"], ["cap", "susp"]],
  ["Anastrozole", ["1mg"], ["tab"]],
  ["Apixaban", ["2.5mg", "5mg"], ["tab"]],
  ["Aripiprazole", ["5mg", "10mg", "15mg"], ["tab", "soln"]],
  ["Atenolol", ["25mg", "50mg", "100mg"], ["tab", "soln"]],
  ["Atorvastatin", ["10mg", "20mg", "40mg", "80mg"], ["tab"]],
  ["Azathioprine", ["25mg", "50mg"], ["tab"]],
  ["Azithromycin", ["250mg", "500mg"], ["tab", "cap", "susp"]],
  ["Baclofen", ["10mg"], ["tab", "solnsf"]],
  ["Beclometasone", ["100micrograms/dose", "200micrograms/dose"], ["inh"]],
  ["Bendroflumethiazide", ["2.5mg", "5mg"], ["tab"]],
  ["Betahistine", ["8mg", "16mg"], ["tab"]],
  ["Betamethasone valerate", ["0.1%"], ["cream", "oint"]],
  ["Bicalutamide", ["50mg", "150mg"], ["tab"]],
  ["Bisoprolol", ["1.25mg", "2.5mg", "5mg", "10mg"], ["tab"]],
  ["Bumetanide", ["1mg", "5mg"], ["tab"]],
  ["Buprenorphine", ["5micrograms/hour", "10micrograms/hour"], ["patch"]],
  ["Candesartan", ["2mg", "4mg", "8mg", "16mg"], ["tab"]],
  ["Carbamazepine", ["100mg", "200mg", "400mg"], ["tab", "mr"]],
  ["Carbimazole", ["5mg", "20mg"], ["tab"]],
  ["Carvedilol", ["3.125mg", "6.25mg", "12.5mg", "25mg"], ["tab"]],
  ["Cefalexin", ["250mg", "500mg"], ["cap", "susp"]],
  ["Cetirizine", ["10mg"], ["tab", "solnsf"]],
  ["Chloramphenicol", ["0.5%"], ["eye"]],
  ["Citalopram", ["10mg", "20mg", "40mg"], ["tab"]],
  ["Clarithromycin", ["250mg", "500mg"], ["tab", "susp"]],
  ["Clobetasol propionate", ["0.05%"], ["cream", "oint"]],
  ["Clonazepam", ["500microgram", "2mg"], ["tab"]],
  ["Clopidogrel", ["75mg"], ["tab"]],
  ["Co-amoxiclav", ["250mg/125mg", "500mg/125mg"], ["tab"]],
  ["Co-codamol", ["8mg/500mg", "15mg/500mg", "30mg/500mg"], ["tab", "cap"]],
  ["Colchicine", ["500microgram"], ["tab"]],
  ["Dapagliflozin", ["5mg", "10mg"], ["tab"]],
  ["Desogestrel", ["75microgram"], ["tab"]],
  ["Dexamethasone", ["2mg", "4mg"], ["tab", "soln", "amp"]],
  ["Diazepam", ["2mg", "5mg", "10mg"], ["tab", "soln"]],
  ["Diclofenac sodium", ["25mg", "50mg"], ["gr", "gel"]],
  ["Digoxin", ["62.5microgram", "125microgram", "250microgram"], ["tab"]],
  ["Dihydrocodeine", ["30mg"], ["tab"]],
  ["Diltiazem", ["60mg", "90mg", "120mg"], ["mr"]],
  ["Docusate", ["100mg"], ["cap"]],
  ["Domperidone", ["10mg"], ["tab"]],
  ["Donepezil", ["5mg", "10mg"], ["tab"]],
  ["Doxazosin", ["1mg", "2mg", "4mg"], ["tab"]],
  ["Doxycycline", ["50mg", "100mg"], ["cap"]],
  ["Duloxetine", ["30mg", "60mg"], ["grcap"]],
  ["Edoxaban", ["30mg", "60mg"], ["tab"]],
  ["Enalapril", ["5mg", "10mg", "20mg"], ["tab"]],
  ["Enoxaparin", ["40mg/0.4ml", "60mg/0.6ml"], ["pfs"]],
  ["Escitalopram", ["5mg", "10mg", "20mg"], ["tab"]],
  ["Esomeprazole", ["20mg", "40mg"], ["grcap", "gr"]],
  ["Estradiol", ["1mg", "2mg"], ["tab"]],
  ["Etodolac", ["600mg"], ["mr"]],
  ["Ezetimibe", ["10mg"], ["tab"]],
  ["Felodipine", ["2.5mg", "5mg", "10mg"], ["mr"]],
  ["Ferrous fumarate", ["210mg", "322mg"], ["tab"]],
  ["Ferrous sulfate", ["200mg"], ["tab"]],
  ["Finasteride", ["5mg"], ["tab"]],
  ["Flucloxacillin", ["250mg", "500mg"], ["cap", "susp"]],
  ["Fluconazole", ["50mg", "150mg", "200mg"], ["cap"]],
  ["Fluoxetine", ["10mg", "20mg", "40mg"], ["cap", "tab", "soln"]],
  ["Folic acid", ["400microgram", "5mg"], ["tab", "solnsf"]],
  ["Furosemide", ["20mg", "40mg", "500mg"], ["tab", "solnsf"]],
  ["Gabapentin", ["100mg", "300mg", "400mg", "600mg"], ["cap", "tab", "soln"]],
  ["Gliclazide", ["40mg", "80mg", "30mg"], ["tab", "mr"]],
  ["Glyceryl trinitrate", ["400micrograms/dose"], ["inh"]],
  ["Haloperidol", ["500microgram", "1.5mg", "5mg"], ["tab", "soln"]],
  ["Hydrocortisone", ["1%", "10mg"], ["cream", "oint", "tab"]],
  ["Hydroxocobalamin", ["1mg/1ml"], ["amp"]],
  ["Hydroxychloroquine", ["200mg"], ["tab"]],
  ["Hyoscine butylbromide", ["10mg"], ["tab"]],
  ["Ibuprofen", ["200mg", "400mg", "600mg", "100mg/5ml"], ["tab", "susp", "gel"]],
  ["Indapamide", ["2.5mg", "1.5mg"], ["tab", "mr"]],
  ["Irbesartan", ["75mg", "150mg", "300mg"], ["tab"]],
  ["Isosorbide mononitrate", ["10mg", "20mg", "40mg", "60mg"], ["tab", "mr"]],
  ["Ivabradine", ["5mg", "7.5mg"], ["tab"]],
  ["Lacidipine", ["2mg", "4mg"], ["tab"]],
  ["Lactulose", ["3.1-3.7g/5ml"], ["soln"]],
  ["Lamotrigine", ["25mg", "50mg", "100mg", "200mg"], ["tab", "disp"]],
  ["Lansoprazole", ["15mg", "30mg"], ["grcap"]],
  ["Latanoprost", ["50micrograms/ml"], ["eye"]],
  ["Letrozole", ["2.5mg"], ["tab"]],
  ["Levetiracetam", ["250mg", "500mg", "750mg", "1g", "100mg/ml"], ["tab", "soln"]],
  ["Levothyroxine", ["25microgram", "50microgram", "75microgram", "100microgram"], ["tab", "soln"]],
  ["Linagliptin", ["5mg"], ["tab"]],
  ["Lisinopril", ["2.5mg", "5mg", "10mg", "20mg"], ["tab"]],
  ["Lithium carbonate", ["200mg", "400mg"], ["mr"]],
  ["Loperamide", ["2mg"], ["cap"]],
  ["Loratadine", ["10mg"], ["tab"]],
  ["Lorazepam", ["1mg", "2.5mg"], ["tab"]],
  ["Losartan", ["12.5mg", "25mg", "50mg", "100mg"], ["tab"]],
  ["Macrogol compound", ["13.7g"], ["sach"]],
  ["Mebeverine", ["135mg", "200mg"], ["tab", "mr"]],
  ["Melatonin", ["1mg", "2mg", "3mg"], ["tab", "mr", "soln"]],
  ["Meloxicam", ["7.5mg", "15mg"], ["tab"]],
  ["Memantine", ["10mg", "20mg"], ["tab", "soln"]],
  ["Metformin", ["500mg", "850mg", "1g"], ["tab", "mr", "solnsf"]],
  ["Methotrexate", ["2.5mg", "10mg"], ["tab"]],
  ["Metoclopramide", ["10mg"], ["tab"]],
  ["Metoprolol", ["25mg", "50mg", "100mg"], ["tab"]],
  ["Metronidazole", ["200mg", "400mg", "0.75%"], ["tab", "gel"]],
  ["Miconazole", ["2%"], ["cream"]],
  ["Mirtazapine", ["15mg", "30mg", "45mg"], ["tab", "disp"]],
  ["Montelukast", ["4mg", "5mg", "10mg"], ["tab", "sach"]],
  ["Morphine sulfate", ["10mg/5ml", "10mg", "30mg"], ["soln", "mr"]],
  ["Naproxen", ["250mg", "500mg"], ["tab", "gr"]],
  ["Nefopam", ["30mg"], ["tab"]],
  ["Nicorandil", ["10mg", "20mg"], ["tab"]],
  ["Nifedipine", ["10mg", "20mg", "30mg"], ["mr"]],
  ["Nitrofurantoin", ["50mg", "100mg"], ["cap", "tab", "susp"]],
  ["Nortriptyline", ["10mg", "25mg"], ["cap"]],
  ["Olanzapine", ["2.5mg", "5mg", "10mg"], ["tab", "disp"]],
  ["Omeprazole", ["10mg", "20mg", "40mg"], ["grcap", "gr"]],
  ["Ondansetron", ["4mg", "8mg"], ["tab"]],
  ["Oxybutynin", ["2.5mg", "5mg"], ["tab"]],
  ["Oxycodone", ["5mg", "10mg", "20mg"], ["cap", "mr"]],
  ["Pantoprazole", ["20mg", "40mg"], ["gr"]],
  ["Paracetamol", ["500mg", "120mg/5ml", "250mg/5ml"], ["tab", "susp", "supp"]],
  ["Paroxetine", ["10mg", "20mg", "30mg"], ["tab"]],
  ["Perindopril erbumine", ["2mg", "4mg", "8mg"], ["tab"]],
  ["Phenoxymethylpenicillin", ["250mg", "125mg/5ml"], ["tab", "soln"]],
  ["Pioglitazone", ["15mg", "30mg", "45mg"], ["tab"]],
  ["Pramipexole", ["88microgram", "180microgram"], ["tab"]],
  ["Pravastatin", ["10mg", "20mg", "40mg"], ["tab"]],
  ["Prednisolone", ["1mg", "5mg", "25mg"], ["tab", "soln"]],
  ["Pregabalin", ["25mg", "50mg", "75mg", "150mg", "300mg"], ["cap", "solnsf"]],
  ["Prochlorperazine", ["5mg"], ["tab"]],
  ["Propranolol", ["10mg", "40mg", "80mg"], ["tab", "mr", "soln"]],
  ["Quetiapine", ["25mg", "100mg", "200mg", "300mg"], ["tab", "mr"]],
  ["Ramipril", ["1.25mg", "2.5mg", "5mg", "10mg"], ["cap", "tab"]],
  ["Ranolazine", ["375mg", "500mg"], ["mr"]],
  ["Risperidone", ["500microgram", "1mg", "2mg"], ["tab", "soln"]],
  ["Rivaroxaban", ["10mg", "15mg", "20mg"], ["tab"]],
  ["Ropinirole", ["250microgram", "1mg", "2mg"], ["tab", "mr"]],
  ["Rosuvastatin", ["5mg", "10mg", "20mg", "40mg"], ["tab"]],
  ["Salbutamol", ["100micrograms/dose", "2mg/5ml"], ["inh", "solnsf"]],
  ["Senna", ["7.5mg"], ["tab"]],
  ["Sertraline", ["50mg", "100mg"], ["tab"]],
  ["Sildenafil", ["25mg", "50mg", "100mg"], ["tab"]],
  ["Simvastatin", ["10mg", "20mg", "40mg"], ["tab"]],
  ["Sitagliptin", ["25mg", "50mg", "100mg"], ["tab"]],
  ["Sodium valproate", ["200mg", "500mg"], ["gr", "mr"]],
  ["Solifenacin", ["5mg", "10mg"], ["tab"]],
  ["Sotalol", ["40mg", "80mg"], ["tab"]],
  ["Spironolactone", ["25mg", "50mg", "100mg"], ["tab", "susp"]],
  ["Sumatriptan", ["50mg", "100mg"], ["tab"]],
  ["Tamoxifen", ["10mg", "20mg"], ["tab"]],
  ["Tamsulosin", ["400microgram"], ["cap", "mr"]],
  ["Terbinafine", ["250mg", "1%"], ["tab", "cream"]],
  ["Thiamine", ["50mg", "100mg"], ["tab"]],
  ["Timolol", ["0.25%", "0.5%"], ["eye"]],
  ["Tolterodine", ["1mg", "2mg"], ["tab"]],
  ["Topiramate", ["25mg", "50mg", "100mg"], ["tab"]],
  ["Tramadol", ["50mg", "100mg"], ["cap", "mr"]],
  ["Trazodone", ["50mg", "100mg", "150mg", "50mg/5ml"], ["cap", "tab", "solnsf"]],
  ["Trimethoprim", ["100mg", "200mg"], ["tab", "susp"]],
  ["Valsartan", ["40mg", "80mg", "160mg"], ["cap", "tab"]],
  ["Venlafaxine", ["37.5mg", "75mg", "150mg"], ["tab", "mr"]],
  ["Verapamil", ["40mg", "80mg", "120mg"], ["tab", "mr"]],
  ["Warfarin", ["500microgram", "1mg", "3mg", "5mg"], ["tab"]],
  ["Zolmitriptan", ["2.5mg", "5mg"], ["tab", "disp"]],
  ["Zonisamide", ["25mg", "50mg", "100mg"], ["cap"]],
  ["Zopiclone", ["3.75mg", "7.5mg"], ["tab"]],
];

/** Whether a strength is written the way a form's products are: per ml or % for liquids, per dose for inhalers. */
function suits(strength: string, key: string, form: Form): boolean {
  const perVolume = /\/\d*\.?\d*ml$|%$/.test(strength);
  if (key === "inh") return strength.endsWith("/dose");
  if (key === "patch") return strength.endsWith("/hour");
  if (["ml", "gram"].includes(form.unit) || ["amp", "pfs"].includes(key)) return perVolume;
  return !perVolume && !/\/(dose|hour)$/.test(strength);
}

export type MedicinePack = { medicine: string; packSize: number; unit: string };

/** Every plausible pack in a random order: the sample picks from the front, adds from further on. */
export function medicinePacks(random: Random): MedicinePack[] {
  const packs: MedicinePack[] = [];
  for (const [name, strengths, formKeys] of medicines) {
    for (const strength of strengths) {
      for (const key of formKeys) {
        const form = forms[key]!;
        if (!suits(strength, key, form)) continue;
        const sizes = random.sample([...new Set(form.packs)], random.int(1, 2));
        for (const packSize of sizes)
          packs.push({ medicine: `${name} ${strength} ${form.name}`, packSize, unit: form.unit });
      }
    }
  }
  const unique = [...new Map(packs.map((pack) => [`${pack.medicine}|${pack.packSize}`, pack])).values()];
  // dm+d names can hold commas (`1 in 10,000`): NHSBSA quotes them, and the sample always has one.
  const withComma = {
    medicine: "Adrenaline (base) 100micrograms/1ml (1 in 10,000) dilute solution for injection ampoules",
    packSize: 10,
    unit: "ampoule",
  };
  return [withComma, ...random.sample(unique, unique.length)];
}

/** Specials (Part VIIIB/VIIID): unlicensed liquids and a few solids. */
const specialBases = [
  "Acetazolamide",
  "Allopurinol",
  "Amiodarone",
  "Amlodipine",
  "Baclofen",
  "Bisoprolol",
  "Captopril",
  "Carvedilol",
  "Clonidine",
  "Co-careldopa",
  "Dexamethasone",
  "Diazepam",
  "Dipyridamole",
  "Enalapril",
  "Ethambutol",
  "Flecainide",
  "Gabapentin",
  "Glycopyrronium bromide",
  "Hydrocortisone",
  "Hydroxychloroquine",
  "Isoniazid",
  "Labetalol",
  "Lamotrigine",
  "Levetiracetam",
  "Lorazepam",
  "Losartan",
  "Magnesium glycerophosphate",
  "Melatonin",
  "Metformin",
  "Methadone",
  "Metolazone",
  "Midazolam",
  "Nifedipine",
  "Omeprazole",
  "Ondansetron",
  "Phenobarbital",
  "Propranolol",
  "Pyrazinamide",
  "Pyridoxine",
  "Quetiapine",
  "Ranitidine",
  "Rifampicin",
  "Sertraline",
  "Sildenafil",
  "Sodium bicarbonate",
  "Sodium chloride",
  "Spironolactone",
  "Tacrolimus",
  "Tramadol",
  "Trimethoprim",
  "Ursodeoxycholic acid",
  "Zopiclone",
];

export function specialNames(random: Random): { medicine: string; unit: string; minimum: number }[] {
  const names: { medicine: string; unit: string; minimum: number }[] = [];
  for (const base of specialBases) {
    const strength = random.pick([
      "1mg/1ml",
      "5mg/5ml",
      "10mg/5ml",
      "25mg/5ml",
      "50mg/5ml",
      "100mg/5ml",
      "250mg/5ml",
    ]);
    names.push({
      medicine: `${base} ${strength} oral ${random.pick(["suspension", "solution"])}`,
      unit: "ml",
      minimum: random.pick([100, 100, 150, 200, 500]),
    });
    if (random.chance(0.25)) names.push({ medicine: `${base} 5% cream`, unit: "gram", minimum: 100 });
  }
  return names;
}

export const specialFormulations = [
  "SF, STD, LF, CF, NSF, AF, FF",
  "SF, STD, AF, PF",
  "STD",
  "SF, STD",
  "STD, All bases",
  "SF, STD, FF, AF, CF, NSF",
];

/** Appliances (Part IX): product types, sizes and suppliers; a few supplier names carry latin-1 letters. */
export const applianceTypes: { name: string; unit: string; part: string; bnf: string }[] = [
  {
    name: "Absorbent perforated dressing with adhesive border",
    unit: "dressing",
    part: "IXA",
    bnf: "20030100",
  },
  { name: "Alginate dressing", unit: "dressing", part: "IXA", bnf: "20030200" },
  { name: "Foam dressing silicone adhesive", unit: "dressing", part: "IXA", bnf: "20030300" },
  { name: "Hydrocolloid dressing", unit: "dressing", part: "IXA", bnf: "20030400" },
  { name: "Low adherent dressing", unit: "dressing", part: "IXA", bnf: "20030500" },
  { name: "Compression hosiery class 2 below knee", unit: "stocking", part: "IXA", bnf: "20040100" },
  { name: "Elastic adhesive bandage", unit: "bandage", part: "IXA", bnf: "20020100" },
  { name: "Blood glucose testing strips", unit: "strip", part: "IXA", bnf: "21010100" },
  { name: "Lancets sterile single-use", unit: "lancet", part: "IXA", bnf: "21010200" },
  { name: "Hypodermic insulin injection pen needles", unit: "needle", part: "IXA", bnf: "21020100" },
  { name: "Spacer device", unit: "device", part: "IXA", bnf: "21030100" },
  { name: "Urinary catheter intermittent hydrophilic", unit: "catheter", part: "IXB", bnf: "22010100" },
  { name: "Leg bag drainable", unit: "bag", part: "IXB", bnf: "22020100" },
  { name: "Colostomy bag closed", unit: "bag", part: "IXC", bnf: "23010100" },
  { name: "Ileostomy bag drainable", unit: "bag", part: "IXC", bnf: "23020100" },
  { name: "Stoma adhesive remover spray", unit: "ml", part: "IXC", bnf: "23030100" },
  { name: "Skin protector barrier film", unit: "ml", part: "IXC", bnf: "23030200" },
];

export const applianceSuppliers = [
  "Bluebell Medical Ltd",
  "Carewell Healthcare Ltd",
  "Société Médicale Hôpital SA",
  "Meadow Surgical Ltd",
  "Northgate Ostomy Ltd",
  "Østergaard Wound Care ApS",
  "Pennine Dressings Ltd",
  "Thamesbridge Diabetes Ltd",
];

export const applianceSizes = [
  "5cm x 5cm",
  "10cm x 10cm",
  "10cm x 20cm",
  "15cm x 15cm",
  "20cm x 20cm",
  "Small",
  "Medium",
  "Large",
  "Ch10",
  "Ch12",
  "Ch14",
  "25mm",
  "38mm",
];

/** Brands for the dm+d sample and the blacklist: invented names on invented suppliers. */
const brandStarts = [
  "Alvo",
  "Bren",
  "Cora",
  "Dela",
  "Elix",
  "Fera",
  "Galen",
  "Hera",
  "Ista",
  "Juno",
  "Kela",
  "Lumo",
  "Mira",
  "Nova",
  "Orla",
  "Pera",
  "Quil",
  "Rena",
  "Sola",
  "Tera",
  "Ulva",
  "Vela",
  "Wyn",
  "Xeno",
  "Yara",
  "Zeta",
];
const brandEnds = ["cid", "dex", "fen", "lin", "max", "nol", "pril", "ron", "sil", "tan", "vex", "zol"];

export function brandName(random: Random): string {
  return `${random.pick(brandStarts)}${random.pick(brandEnds)}`;
}

export const brandSuppliers = [
  "Accord-UK Ltd",
  "Aspire Pharma Ltd",
  "Brightwater Pharmaceuticals Ltd",
  "Crescent Pharma Ltd",
  "Dr Reddy's Laboratories (UK) Ltd",
  "Kent Pharma (UK) Ltd",
  "Milpharm Ltd",
  "Northvale Generics Ltd",
  "Rosemont Pharmaceuticals Ltd",
  "Thornbury Healthcare Ltd",
];

export const blacklistCategories = [
  "Anorectics or appetite suppressants",
  "Antidiarrhoeal drugs",
  "Appliances",
  "Cough and cold remedies",
  "Laxatives",
  "Mouthwashes and gargles",
  "Skin preparations",
  "Tonics, vitamins and other nutrients",
];

export const borderlineConditions = [
  "Disease-related malnutrition",
  "Dysphagia",
  "Proven inflammatory bowel disease",
  "Phenylketonuria",
  "Cow's milk protein allergy",
  "Short bowel syndrome",
];

import type { PartId } from "@/lib/tariff-vocabulary";

/**
 * The column layouts the importer reads, by header name, never by position. Header text is compared
 * lower-case without spaces or punctuation, so `Pack size`, `Pack Size` and `pack_size` are one
 * name; aliases cover the drift seen in real files (docs/data-formats.md), COSTmos's processed
 * copies and the formats we define ourselves (docs/data-formats.md).
 */
export type ColumnSpec = {
  aliases: string[];
  /** How the column is named in messages; required columns have one. */
  label?: string;
  required?: boolean;
  /** The column NHSBSA leaves without a header: the one straight after `Pack size`. */
  blankAfter?: string;
};

export type Layout = {
  id: string;
  /** The parts a file in this layout can be. */
  parts: PartId[];
  /** Shown in messages: the header a file of this layout has. */
  example: string;
  columns: Record<string, ColumnSpec>;
};

const price = ["basicprice", "basicpriceinp", "basicpricep", "price", "priceinp", "pricepence"];
const unit = (after: string): ColumnSpec => ({
  aliases: ["unitofmeasure", "unit", "uom", "unitofmeasurement"],
  blankAfter: after,
});
const optional = (...aliases: string[]): ColumnSpec => ({ aliases });
const required = (label: string, ...aliases: string[]): ColumnSpec => ({ aliases, label, required: true });

/** Checked in this order; the first whose required columns are all present is the file's layout. */
export const layouts: Layout[] = [
  {
    id: "tariff-lines",
    parts: ["viiia"],
    example:
      "Medicine, Pack size, (unit), VMP Snomed Code, VMPP Snomed Code, Drug Tariff Category, Basic Price",
    columns: {
      medicine: required("Medicine", "medicine"),
      packSize: required("Pack size", "packsize"),
      unit: unit("packSize"),
      vmp: optional("vmpsnomedcode", "vmpsnomed", "vmpid"),
      vmpp: optional("vmppsnomedcode", "vmppsnomed", "vmppid"),
      category: required("Drug Tariff Category", "drugtariffcategory", "category", "dtcategory"),
      price: required("Basic Price", ...price),
    },
  },
  {
    id: "specials",
    parts: ["viiib", "viiid"],
    example:
      "VMP Snomed Code, VMPP Snomed Code, Medicine, Pack size, (unit), Formulations, Spec Cont Ind, Basic Price",
    columns: {
      vmp: optional("vmpsnomedcode", "vmpsnomed", "vmpid"),
      vmpp: required("VMPP Snomed Code", "vmppsnomedcode", "vmppsnomed", "vmppid"),
      medicine: required("Medicine", "medicine"),
      packSize: required("Pack size", "packsize"),
      unit: unit("packSize"),
      formulations: required("Formulations", "formulations", "formulation"),
      specialContainer: optional("speccontind", "specialcontainerindicator", "specialcontainer"),
      price: required("Basic Price", ...price),
    },
  },
  {
    id: "specials-wide",
    parts: ["viiib"],
    example:
      "medicine, unit_of_measure, minimum_quantity_pack_size, minimum_quantity_basic_price_in_p, additional_unit_pack_size, additional_unit_basic_price_in_p, formulations, special_container_indicator, vmp_snomed_code, minimum_quantity_vmpp_snomed_code, additional_unit_vmpp_snomed_code",
    columns: {
      medicine: required("Medicine", "medicine"),
      unit: optional("unitofmeasure", "unit"),
      minimumQuantity: required("minimum_quantity_pack_size", "minimumquantitypacksize"),
      minimumPrice: required(
        "minimum_quantity_basic_price_in_p",
        "minimumquantitybasicpriceinp",
        "minimumquantitybasicprice",
      ),
      additionalQuantity: optional("additionalunitpacksize"),
      additionalPrice: optional("additionalunitbasicpriceinp", "additionalunitbasicprice"),
      formulations: optional("formulations"),
      specialContainer: optional("specialcontainerindicator", "speccontind"),
      vmp: optional("vmpsnomedcode"),
      minimumVmpp: optional("minimumquantityvmppsnomedcode"),
      additionalVmpp: optional("additionalunitvmppsnomedcode"),
    },
  },
  {
    id: "category-m",
    parts: ["cat-m"],
    example: "VMPP Snomed Code, Drug Name, Pack size, (unit), Basic price",
    columns: {
      vmpp: required("VMPP Snomed Code", "vmppsnomedcode", "vmppsnomed", "vmppid"),
      medicine: required("Drug Name", "drugname", "medicine"),
      packSize: required("Pack size", "packsize"),
      unit: unit("packSize"),
      price: required("Basic Price", ...price),
    },
  },
  {
    id: "appliances",
    parts: ["ix"],
    example:
      "Drug Tariff Part, Supplier Name, VMP Name, AMP Name, Colour, Size or Weight, Quantity, Quantity Unit of Measure, Product Order Number, Pack Order Number, Price, Add Dispensing Indicator, Product Snomed Code, Pack Snomed Code, GTIN, Supplier Snomed Code, BNF Code",
    columns: {
      part: required("Drug Tariff Part", "drugtariffpart", "part", "tariffpart"),
      supplierName: optional("suppliername", "suppiername", "supplier"),
      vmpName: optional("vmpname"),
      ampName: required("AMP Name", "ampname"),
      colour: optional("colour", "color"),
      sizeOrWeight: optional("sizeorweight", "size"),
      quantity: optional("quantity", "qty"),
      quantityUnit: optional("quantityunitofmeasure", "uomqty", "qtyuom", "unitofmeasure", "uom"),
      productOrderNumber: optional("productordernumber", "productorderno"),
      packOrderNumber: optional("packordernumber", "packorderno"),
      price: required("Basic Price", ...price),
      addDispensingIndicator: optional("adddispensingindicator", "additionaldispensingindicator"),
      productSnomedCode: optional("productsnomedcode", "productsnomed"),
      packSnomedCode: optional("packsnomedcode", "packsnomed"),
      gtin: optional("gtin"),
      supplierSnomedCode: optional("suppliersnomedcode", "suppliersnomed"),
      bnfCode: optional("bnfcode", "bnf", "bnf15"),
    },
  },
  {
    id: "concessions",
    parts: ["concessions"],
    example: "month, Drug, Pack size, Price concession",
    columns: {
      month: optional("month"),
      drug: required("Drug", "drug", "drugname"),
      packSize: required("Pack size", "packsize"),
      price: required("Price concession", "priceconcession", "priceconcessions", "concessionprice", "price"),
    },
  },
  {
    id: "borderline",
    parts: ["borderline"],
    example: "Product, Pack size, Unit of measure, AMPP Snomed Code, Supplier, Basic Price, ACBS Conditions",
    columns: {
      product: required("Product", "product", "productname"),
      packSize: optional("packsize"),
      unit: unit("packSize"),
      ampp: optional("amppsnomedcode", "amppsnomed"),
      supplier: optional("supplier", "suppliername", "manufacturer"),
      price: optional(...price),
      conditions: required("ACBS Conditions", "acbsconditions", "conditions", "acbsindications"),
    },
  },
  {
    id: "blacklist",
    parts: ["blacklist"],
    example: "Medicine, Supplier, Category, SNOMED Code, Notes",
    columns: {
      medicine: required("Medicine", "medicine", "product", "productname"),
      supplier: required("Supplier", "supplier", "manufacturer", "suppliername"),
      category: required("Category", "category", "group"),
      snomedCode: optional("snomedcode", "ampsnomedcode", "amppsnomedcode"),
      notes: optional("notes", "note"),
    },
  },
  {
    id: "zero-discount",
    parts: ["zero-discount"],
    example: "Drug Name, Pack size, Unit of measure, VMPP Snomed Code, AMPP Snomed Code, Notes",
    columns: {
      drugName: required("Drug Name", "drugname", "medicine"),
      packSize: required("Pack size", "packsize"),
      unit: unit("packSize"),
      vmpp: required("VMPP Snomed Code", "vmppsnomedcode", "vmppsnomed"),
      ampp: required("AMPP Snomed Code", "amppsnomedcode", "amppsnomed"),
      notes: optional("notes", "note"),
    },
  },
];

function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export type ColumnMap = { layout: Layout; index: Record<string, number>; labels: Record<string, string> };

/** Matches a header row against a layout: which cell holds which column, and what is missing. */
export function matchLayout(layout: Layout, header: string[]): { map: ColumnMap; missing: string[] } {
  const names = header.map(normaliseHeader);
  const index: Record<string, number> = {};
  const labels: Record<string, string> = {};
  for (const [key, spec] of Object.entries(layout.columns)) {
    const at = names.findIndex(
      (name, i) => name !== "" && spec.aliases.includes(name) && !Object.values(index).includes(i),
    );
    if (at !== -1) {
      index[key] = at;
      labels[key] = header[at]!.trim();
    }
  }
  for (const [key, spec] of Object.entries(layout.columns)) {
    if (index[key] !== undefined || !spec.blankAfter) continue;
    const after = index[spec.blankAfter];
    if (after !== undefined && names[after + 1] === "") {
      index[key] = after + 1;
      labels[key] = `${after + 2} (no header)`;
    }
  }
  const missing = Object.entries(layout.columns)
    .filter(([key, spec]) => spec.required && index[key] === undefined)
    .map(([key]) => key);
  return { map: { layout, index, labels }, missing };
}

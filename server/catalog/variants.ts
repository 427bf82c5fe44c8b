import type { AttributeDisplayType } from './tables';

// Variation rules, pure: which variant a choice of attribute values picks, and which values are
// unavailable next to the others chosen. The page (no JS) and the productvariants API share them.

export interface VariationValue {
  id: number;
  displayValue: string;
  colorCodes: [string | null, string | null, string | null];
}

/** The attribute a product varies by at one position (VariantValueId1 is position 1). */
export interface VariationAttribute {
  position: number;
  attributeId: number;
  name: string;
  displayType: AttributeDisplayType;
  values: VariationValue[];
}

export interface VariantChoiceRow {
  id: number;
  /** Value per position: valueIds[0] is VariantValueId1. */
  valueIds: (number | null)[];
  isActive: boolean;
  isDefault: boolean;
  position: number;
}

/** The chosen value per position (index 0 = position 1); null = nothing chosen there. */
export type Choice = (number | null)[];

function byPreference(left: VariantChoiceRow, right: VariantChoiceRow): number {
  return Number(right.isDefault) - Number(left.isDefault) || left.position - right.position || left.id - right.id;
}

/**
 * The active variant for a choice. Positions count in order: the variants with the first chosen
 * value are kept (if any has it), then among them those with the second, and so on; so choosing a
 * colour that lacks the chosen size keeps the colour and picks that colour's first size.
 * Ties go to the default variant, then by position. Null when the product has no active variant.
 */
export function resolveVariant<Variant extends VariantChoiceRow>(variants: Variant[], choice: Choice): Variant | null {
  let candidates = variants.filter((variant) => variant.isActive);
  choice.forEach((valueId, index) => {
    if (valueId === null) return;
    const matching = candidates.filter((variant) => variant.valueIds[index] === valueId);
    if (matching.length > 0) candidates = matching;
  });
  return [...candidates].sort(byPreference)[0] ?? null;
}

/** The variant named directly (?productVariantId=), when it is one of the product's active variants. */
export function activeVariantById<Variant extends VariantChoiceRow>(variants: Variant[], variantId: number | null): Variant | null {
  if (variantId === null) return null;
  return variants.find((variant) => variant.id === variantId && variant.isActive) ?? null;
}

/**
 * A value is unavailable when no active variant carries it together with the values chosen at the
 * other positions. Out-of-stock variants still count as available: choosing one shows the stock
 * notification link.
 */
export function isUnavailable(variants: VariantChoiceRow[], chosen: Choice, position: number, valueId: number): boolean {
  return !variants.some(
    (variant) =>
      variant.isActive &&
      variant.valueIds[position - 1] === valueId &&
      chosen.every((other, index) => index === position - 1 || other === null || variant.valueIds[index] === other),
  );
}

export interface AttributeValueModel {
  ProductAttributeValueId: number;
  DisplayValue: string;
  IsUnavailable: boolean;
  IsSelected: boolean;
  ColorCode1: string | null;
  ColorCode2: string | null;
  ColorCode3: string | null;
}

/** The spec's product variant attributes entry, plus the attribute's id, name and position. */
export interface AttributeModel {
  AttributeId: number;
  Name: string;
  Position: number;
  VariationDisplayTypeValue: AttributeDisplayType;
  ProductAttributeValuesViewModel: AttributeValueModel[];
}

export function attributesModel(attributes: VariationAttribute[], variants: VariantChoiceRow[], chosen: Choice): AttributeModel[] {
  return attributes.map((attribute) => ({
    AttributeId: attribute.attributeId,
    Name: attribute.name,
    Position: attribute.position,
    VariationDisplayTypeValue: attribute.displayType,
    ProductAttributeValuesViewModel: attribute.values.map((value) => ({
      ProductAttributeValueId: value.id,
      DisplayValue: value.displayValue,
      IsUnavailable: isUnavailable(variants, chosen, attribute.position, value.id),
      IsSelected: chosen[attribute.position - 1] === value.id,
      ColorCode1: value.colorCodes[0],
      ColorCode2: value.colorCodes[1],
      ColorCode3: value.colorCodes[2],
    })),
  }));
}

/** VariantValueId1..n of a variant, for the answer and the no-JS form. */
export function variantValueFields(valueIds: (number | null)[], positions: number): Record<string, number | null> {
  const fields: Record<string, number | null> = {};
  for (let position = 1; position <= positions; position++) fields[`VariantValueId${position}`] = valueIds[position - 1] ?? null;
  return fields;
}

import type { MainCategory } from './use-categories';

export type ColourVariantValues = { name: string; sizes?: (string | null | undefined)[]; images?: string[] };

/** The product form's values: the API's field names, the category and subcategory chosen by id. */
export type ProductFormValues = {
  category_id?: string;
  subcategory_id?: string;
  productname?: string;
  sku?: string | null;
  barcode?: string | null;
  product_hindi?: string | null;
  unit?: string;
  unit_value?: string;
  product_keyword?: string;
  price?: number | null;
  discount_price?: number | null;
  product_description?: string;
  gst_rate?: number | null;
  gst_type?: string | null;
  hsn_code?: string | null;
  main_image?: string[];
  colors?: ColourVariantValues[];
  tracks_expiry?: boolean;
};

export type ProductPayload = {
  productname: string;
  sku?: string;
  barcode?: string;
  product_hindi?: string;
  category: string;
  category_id: string;
  subcategory: string;
  subcategory_id: string;
  product_keyword: string;
  price: number;
  discount_price: number;
  product_description: string;
  unit: string;
  unit_value: string;
  gst_rate: number;
  gst_type: string;
  hsn_code: string;
  main_image: string[];
  colors: { name: string; sizes: string[]; images: string[] }[];
  tracks_expiry?: boolean;
};

const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * The POST/PATCH body of SPEC.md section 7 from the form: category and subcategory by name and id, GST
 * defaults (0, ''), empty sizes dropped, the Hindi name only when there is one — except on edit, where a
 * cleared Hindi name is sent as '' so the partial update clears it. Stored image URLs are sent back as
 * they are; new images are data URLs.
 */
export function toProductPayload(values: ProductFormValues, categories: MainCategory[], mode: 'create' | 'edit' = 'create'): ProductPayload {
  const category = categories.find((c) => c.category_id === values.category_id);
  const subcategory = category?.subcategories.find((s) => s.subcategory_id === values.subcategory_id);
  const hindi = text(values.product_hindi);
  const sku = text(values.sku);
  const barcode = text(values.barcode);
  return {
    productname: text(values.productname),
    // Like the Hindi name: a cleared code is sent empty on edit, so the partial update clears it.
    ...(sku || mode === 'edit' ? { sku } : {}),
    ...(barcode || mode === 'edit' ? { barcode } : {}),
    ...(hindi || mode === 'edit' ? { product_hindi: hindi } : {}),
    category: category?.category ?? '',
    category_id: values.category_id ?? '',
    subcategory: subcategory?.name ?? '',
    subcategory_id: values.subcategory_id ?? '',
    product_keyword: text(values.product_keyword),
    price: Number(values.price),
    discount_price: Number(values.discount_price),
    product_description: text(values.product_description),
    unit: values.unit ?? '',
    unit_value: text(values.unit_value),
    gst_rate: Number(values.gst_rate ?? 0) || 0,
    gst_type: values.gst_type ?? '',
    hsn_code: values.hsn_code ?? '',
    main_image: values.main_image ?? [],
    colors: (values.colors ?? []).map((colour) => ({
      name: colour.name,
      sizes: (colour.sizes ?? []).map(text).filter(Boolean),
      images: colour.images ?? [],
    })),
    ...(values.tracks_expiry !== undefined && { tracks_expiry: values.tracks_expiry }),
  };
}

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider, Form } from 'antd';
import hiIN from 'antd/es/locale/hi_IN';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { i18next } from '../../../src/app/i18n/i18n';
import { ActivityList } from '../../../src/app/pages/activity/ActivityList';
import { CategoryFields } from '../../../src/app/pages/products/CategoryFields';
import { ColourVariants } from '../../../src/app/pages/products/ColourVariants';
import { ProductThumb, StockStatusTag, SubcategoryCell } from '../../../src/app/pages/products/ProductCells';
import { ProductName, productDisplayName } from '../../../src/app/pages/products/ProductName';
import type { ProductFormValues } from '../../../src/app/pages/products/product-payload';
import type { useCategories } from '../../../src/app/pages/products/use-categories';
import { UNITS } from '../../../src/domain/constants';
import { translateText } from '../../../src/domain/i18n/catalogue';
import type { ResourceDeclaration } from '../../../src/domain/resource';
import { categoriesResource } from '../../../src/domain/resources/categories';
import { citiesResource } from '../../../src/domain/resources/cities';
import { handlingChargesResource } from '../../../src/domain/resources/handling-charges';
import { productsResource } from '../../../src/domain/resources/products';
import { subcategoriesResource } from '../../../src/domain/resources/subcategories';
import { usersResource } from '../../../src/domain/resources/users';
import { warehousesResource } from '../../../src/domain/resources/warehouses';
import { productPatchSchema, productSchema } from '../../../src/domain/schemas/product';
import { citySchema } from '../../../src/domain/schemas/city';
import { userCreateSchema } from '../../../src/domain/schemas/user';
import { fakeScreenWidth } from './screen-width';

/**
 * Issue 34, the catalogue's area in Hindi: the product form's parts, the product cells and the activity list render
 * Hindi, and every English text of the catalogue's declarations and rules (labels, columns, list texts, the zod rules'
 * messages) has its Hindi. "English left" is any Latin word but the codes and names that stay as written (GST, SKU...).
 */
const KEPT = new Set([
  ...['GST', 'HSN', 'SKU', 'MRP', 'INR', 'URL', 'EAN', 'UPC', 'CSV', 'XL', 'Exempt'],
  // The API's own names and values, quoted in its messages.
  ...['true', 'false', 'active', 'inactive', 'notverified', 'is_active', 'city_id'],
  // Units are data (SPEC.md's list), as entered.
  ...UNITS,
]);
const englishLeft = (text: string) => (text.match(/[A-Za-z][A-Za-z_]+/g) ?? []).filter((word) => !KEPT.has(word));

const DECLARATIONS: ResourceDeclaration[] = [
  productsResource,
  usersResource,
  citiesResource,
  warehousesResource,
  handlingChargesResource,
  categoriesResource,
  subcategoriesResource,
] as unknown as ResourceDeclaration[];

/** Every text a person reads that a declaration writes. */
function declaredTexts(spec: ResourceDeclaration): string[] {
  const list = spec.list ?? {};
  const fields = Object.values(spec.fields).flatMap((f) => [
    f.label,
    f.column,
    f.placeholder,
    f.help?.create,
    f.help?.edit,
    f.itemLabel,
    f.ref?.unknown,
    f.notAnId,
    ...(f.labels ?? []),
    ...(f.kind === 'choice' && f.options && spec.name !== 'products' ? f.options.map((o) => o.label) : []),
  ]);
  return [
    spec.label,
    spec.menuLabel,
    spec.hint,
    spec.entity.title,
    spec.duplicateMessage,
    spec.refine?.message,
    list.title,
    list.createLabel,
    list.emptyText,
    list.searchPlaceholder,
    list.createdColumn,
    list.modifiedColumn,
    ...fields,
  ].filter((text): text is string => !!text && /[A-Za-z]{2}/.test(text) && text !== '+91 98290 11223');
}

/** The messages a rule gives for each of these bodies. */
const messages = (schema: ZodType, bodies: unknown[]) => bodies.flatMap((body) => schema.safeParse(body).error?.issues.map((i) => i.message) ?? []);

beforeAll(async () => {
  fakeScreenWidth(1440);
  await i18next.changeLanguage('hi');
});
afterAll(() => i18next.changeLanguage('en'));
afterEach(cleanup);

describe('the catalogue in Hindi', () => {
  it('translates every label, column and list text of its declarations', () => {
    for (const spec of DECLARATIONS) {
      for (const text of declaredTexts(spec)) {
        const hindi = translateText(text, 'hi');
        expect(englishLeft(hindi), `${spec.name}: ${text} → ${hindi}`).toEqual([]);
      }
    }
  });

  it("translates its rules' messages, as the API's 400s and the forms say them", () => {
    const wrong = {
      productname: '',
      sku: '!bad',
      barcode: '123',
      product_hindi: 5,
      category: '',
      subcategory: 'x'.repeat(101),
      product_keyword: 7,
      price: -1,
      discount_price: 1.234,
      product_description: '',
      unit: 'litre',
      unit_value: '',
      gst_rate: 101,
      gst_type: 5,
      hsn_code: 5,
      tracks_expiry: 'yes',
      main_image: ['', '', '', '', '', ''],
      colors: [{ name: 'Teal' }, { name: 'Red', sizes: ['x'.repeat(51)] }],
    };
    const all = [
      ...messages(productSchema, [{}, wrong, { price: 10, discount_price: 20 }]),
      ...messages(productPatchSchema, [{ colors: [{ name: 'Red' }, { name: 'Red' }], barcode: '8901234567900' }]),
      ...messages(citySchema, [{}, { name: '', state: 1, district: '', pincode: '12', wards: [' '], is_active: 'y' }, { wards: [5] }]),
      ...messages(userCreateSchema, [{}, { email: 'not-mail', phonenumber: 'abc', role: '', status: 'gone', warehouse_ids: [1], password: '1' }]),
    ];
    expect(all.length).toBeGreaterThan(40);
    for (const english of all) {
      const hindi = translateText(english, 'hi');
      expect(englishLeft(hindi), `${english} → ${hindi}`).toEqual([]);
    }
    expect(translateText('Product name is required', 'hi')).toBe('उत्पाद का नाम आवश्यक है');
    expect(translateText('Discount price cannot be more than the MRP price', 'hi')).toBe('छूट मूल्य MRP मूल्य से अधिक नहीं हो सकता');
  });

  it("translates the API's refusals of the catalogue, keeping the data in them", () => {
    expect(translateText('Category is used by 3 products and cannot be deleted', 'hi')).toBe('श्रेणी 3 उत्पाद में इस्तेमाल हो रहा है, इसलिए इसे हटाया नहीं जा सकता');
    expect(translateText('A city with this name, state and pincode already exists', 'hi')).toBe('इस नाम, राज्य और पिनकोड वाला शहर पहले से मौजूद है');
    expect(translateText('SKU TEA-1 is already used by Assam Tea', 'hi')).toBe('SKU TEA-1 पहले से Assam Tea पर इस्तेमाल हो रहा है');
    expect(translateText('This warehouse holds stock of 4 product(s). Move or remove the stock before deleting it.', 'hi')).toContain('4 उत्पादों');
    expect(translateText('Warehouse not found', 'hi')).toBe('गोदाम नहीं मिला');
    expect(translateText('This is the last active admin and cannot be deleted. Make another user an active admin first.', 'hi')).toMatch(
      /^यह आख़िरी सक्रिय एडमिन/,
    );
  });

  it('renders the product form’s category, GST, unit and colour parts in Hindi', () => {
    const categories = {
      categories: [],
      isLoading: false,
      error: 'Failed to fetch categories',
      find: () => undefined,
    } as ReturnType<typeof useCategories>;
    function Parts() {
      const [form] = Form.useForm<ProductFormValues>();
      return (
        <Form form={form} initialValues={{ colors: [] }}>
          <CategoryFields form={form} categories={categories} />
          <ColourVariants form={form} />
        </Form>
      );
    }
    // As the SPA renders it (src/app/App.tsx): antd's own texts in Hindi.
    const { container } = render(
      <ConfigProvider locale={hiIN}>
        <Parts />
      </ConfigProvider>,
    );
    for (const text of ['श्रेणी', 'उप-श्रेणी', 'GST दर (%)', 'इकाई मान', 'रंग जोड़ें', 'कोई रंग विकल्प नहीं', 'श्रेणियाँ लोड नहीं हो सकीं']) screen.getByText(text);
    expect(screen.getAllByText('पहले श्रेणी चुनें')).toHaveLength(2);
    screen.getByRole('combobox', { name: 'रंग' });
    // Every text a person reads or hears, but antd's icons, named by their shape ('down', 'plus').
    const attributes = [...container.querySelectorAll('[placeholder], [aria-label]:not(.anticon), [title]')].flatMap((e) =>
      ['placeholder', 'aria-label', 'title'].map((a) => e.getAttribute(a) ?? ''),
    );
    expect(englishLeft([container.textContent, ...attributes].join(' '))).toEqual([]);
  });

  it('shows a product by its Hindi name with the English one beside it, and its stock and GST in Hindi', () => {
    const butter = { productname: 'Salted Butter', product_hindi: 'मक्खन' };
    expect(productDisplayName(butter, 'hi')).toBe('मक्खन (Salted Butter)');
    expect(productDisplayName(butter, 'en')).toBe('Salted Butter');
    expect(productDisplayName({ productname: 'Salted Butter', product_hindi: ' ' }, 'hi')).toBe('Salted Butter');
    render(
      <>
        <ProductName product={butter} />
        <StockStatusTag status="low_stock" />
        <StockStatusTag status={null} />
        <SubcategoryCell name="Dairy" gstRate={5} subcategoryGstRate={12} />
        <ProductThumb images={[]} name="Salted Butter" />
      </>,
    );
    screen.getByText('मक्खन');
    screen.getByText('(Salted Butter)');
    screen.getByText('कम स्टॉक');
    screen.getByText('लागू नहीं');
    screen.getByLabelText('कोई फ़ोटो नहीं');
    expect(screen.getByText('GST 5% → 12%').getAttribute('aria-label')).toMatch(/^Dairy की GST दर अब 12% है/);
  });

  it('heads the activity list in Hindi and says when there is nothing yet', () => {
    render(<ActivityList entries={[]} loading={false} failed={false} />);
    for (const text of ['कब', 'उपयोगकर्ता', 'रिकॉर्ड', 'बदलाव', 'अभी कोई इतिहास नहीं']) screen.getByText(text);
    screen.getByLabelText('गतिविधि');
  });
});

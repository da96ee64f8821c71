import { ShoppingOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { retryableLazy } from '../routes/retryable-lazy';
import { STOCK_STATUSES } from '../../domain/constants';
import { ProductImportButton } from '../pages/products/import/ProductImportButton';
import { NotAvailable, ProductThumb, StockStatusTag, SubcategoryCell, stockStatusLabel } from '../pages/products/ProductCells';
import { ProductName } from '../pages/products/ProductName';
import type { SpaPart } from '../declared/declared';
import type { ApiRecord } from './types';

type Product = {
  productname: string;
  product_hindi?: string | null;
  subcategory: string;
  gst_rate: number;
  subcategory_gst_rate?: number;
  main_image: string[];
  stock_status: string | null;
  current_stock: number | null;
};
const product = (r: ApiRecord) => r as unknown as Product;

/**
 * Product Listing: the shared declaration, with what the SPA does its own way: the name (in Hindi, the Hindi name with
 * the English one beside it: issue 34), the image, stock status and stock columns, the subcategory's GST note, the
 * category filters by id, the import button (the export, in the import's columns, is the declaration's), the warehouse
 * filter, suggestions from /products/autocomplete and a form of its own.
 */
export default {
  menuOrder: 10,
  icon: <ShoppingOutlined />,
  errors: { create: 'Failed to add product' },
  cells: {
    productname: { render: (r) => <ProductName product={product(r)} /> },
    category: { filter: { param: 'category_id', options: { resource: 'categories', labelField: 'name' } } },
    subcategory: {
      filter: { param: 'subcategory_id', options: { resource: 'subcategories', labelField: 'name' } },
      render: (r) => <SubcategoryCell name={product(r).subcategory} gstRate={product(r).gst_rate} subcategoryGstRate={product(r).subcategory_gst_rate} />,
    },
  },
  columns: {
    extra: [
      { key: 'image', title: 'Image', render: (r) => <ProductThumb images={product(r).main_image} name={product(r).productname} /> },
      {
        key: 'stock_status',
        title: 'Stock Status',
        filter: { options: STOCK_STATUSES.map((status) => ({ value: status, label: stockStatusLabel(status) })) },
        render: (r) => <StockStatusTag status={product(r).stock_status} />,
      },
      { key: 'current_stock', title: 'Current Stock', align: 'right', render: (r) => product(r).current_stock ?? <NotAvailable />, sort: 'current_stock' },
    ],
    order: ['image', 'productname', 'category', 'subcategory', 'stock_status', 'current_stock', 'price', 'discount_price'],
  },
  list: {
    deleteError: 'Failed to delete product. Please try again.',
    toolbar: ProductImportButton,
    search: {
      path: 'products/autocomplete',
      listKey: 'data',
      label: (r) => product(r).productname,
      renderOption: (r) => (
        <Space>
          <ProductThumb images={product(r).main_image} name={product(r).productname} size={32} />
          <ProductName product={product(r)} />
        </Space>
      ),
    },
    filters: [{ param: 'warehouse_id', label: 'Warehouse', resource: 'warehouses', nameField: 'name' }],
  },
  // Colour variants, images and category-driven GST: a form of its own, rendered by the generic pages.
  form: { component: retryableLazy(() => import('../pages/products/ProductForm')) },
} satisfies SpaPart;

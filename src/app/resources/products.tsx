import { ShoppingOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { lazy } from 'react';
import { STOCK_STATUSES } from '../../domain/constants';
import { PRODUCT_CSV_COLUMNS } from '../../domain/product-csv';
import { ProductImportButton } from '../pages/products/import/ProductImportButton';
import { formatINR } from '../../domain/money';
import { ProductThumb, StockStatusTag, SubcategoryCell, stockStatusLabel } from '../pages/products/ProductCells';
import { defineList, type ResourceDeclaration } from './types';

type Product = {
  id: string; productname: string; category: string; subcategory: string; gst_rate: number; subcategory_gst_rate?: number; main_image: string[];
  stock_status: string | null; current_stock: number | null; price: number; discount_price: number;
};

export const products: ResourceDeclaration = {
  name: 'products',
  label: 'Product Listing',
  menu: { group: 'create', icon: <ShoppingOutlined /> },
  routes: { list: '/product-listing', create: '/product-registration', edit: '/product-edit/:id' },
  api: { updateMethod: 'PATCH' },
  entity: { singular: 'product', plural: 'products' },
  errors: { create: 'Failed to add product' },
  list: defineList<Product>({
    title: 'Product Listing',
    createLabel: 'Add Product',
    emptyText: 'No products found',
    deleteError: 'Failed to delete product. Please try again.',
    toolbar: ProductImportButton,
    // Export in the import's columns: export → edit → import round-trips.
    exportColumns: PRODUCT_CSV_COLUMNS.map((c) => ({ key: c.field, title: c.header })),
    search: {
      placeholder: 'Search products by name',
      path: 'products/autocomplete',
      listKey: 'data',
      label: (p) => p.productname,
      renderOption: (p) => (
        <Space>
          <ProductThumb images={p.main_image} name={p.productname} size={32} />
          <span>{p.productname}</span>
        </Space>
      ),
    },
    filters: [{ param: 'warehouse_id', label: 'Warehouse', resource: 'warehouses', nameField: 'name' }],
    columns: [
      { key: 'image', title: 'Image', noExport: true, render: (p) => <ProductThumb images={p.main_image} name={p.productname} /> },
      { key: 'productname', title: 'Product Name', sort: 'productname' },
      { key: 'category', title: 'Category', filter: { param: 'category_id', options: { resource: 'categories', labelField: 'name' } } },
      {
        key: 'subcategory', title: 'Subcategory', exportValue: (p) => p.subcategory,
        filter: { param: 'subcategory_id', options: { resource: 'subcategories', labelField: 'name' } },
        render: (p) => <SubcategoryCell name={p.subcategory} gstRate={p.gst_rate} subcategoryGstRate={p.subcategory_gst_rate} />,
      },
      {
        key: 'stock_status', title: 'Stock Status',
        filter: { options: STOCK_STATUSES.map((status) => ({ value: status, label: stockStatusLabel(status) })) },
        render: (p) => <StockStatusTag status={p.stock_status} />, exportValue: (p) => stockStatusLabel(p.stock_status),
      },
      { key: 'current_stock', title: 'Current Stock', align: 'right', render: (p) => p.current_stock ?? 'N/A', sort: 'current_stock' },
      { key: 'price', title: 'Price', align: 'right', render: (p) => formatINR(p.price), exportValue: (p) => p.price, sort: 'price' },
      {
        key: 'discount_price', title: 'Discount Price', align: 'right', render: (p) => formatINR(p.discount_price),
        exportValue: (p) => p.discount_price, sort: 'discount_price',
      },
    ],
  }),
  form: {
    titles: { create: 'Add Product', edit: 'Edit Product' },
    // Colour variants, images and category-driven GST: a form of its own, rendered by the generic pages.
    component: lazy(() => import('../pages/products/ProductForm')),
  },
};

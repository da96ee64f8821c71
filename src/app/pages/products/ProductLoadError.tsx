import type { HttpError } from '@refinedev/core';
import { Alert, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found. It may have been deleted or the URL is incorrect.';
export const PRODUCT_LOAD_FAILED_MESSAGE = 'Failed to load product data. Please try again later.';
const REDIRECT_AFTER_MS = 3000;

const isNotFound = (error: HttpError) => error.statusCode === 404 || /not found/i.test(error.message);

/** SPEC.md section 8, edit product: a missing product says so and returns to the list; other failures say try later. */
export function ProductLoadError({ error, listPath }: { error: HttpError; listPath: string }) {
  const navigate = useNavigate();
  const { t, tx } = useT();
  const notFound = isNotFound(error);
  useEffect(() => {
    if (!notFound) return;
    const timer = setTimeout(() => navigate(listPath, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [notFound, navigate, listPath]);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={tx(notFound ? PRODUCT_NOT_FOUND_MESSAGE : PRODUCT_LOAD_FAILED_MESSAGE)}
      description={notFound ? <Typography.Text>{t('products.form.redirecting')}</Typography.Text> : undefined}
    />
  );
}

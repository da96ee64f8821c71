import { Typography } from 'antd';
import type { DisplayLanguage } from '../../../domain/i18n/languages';
import { useT } from '../../i18n/use-t';

/** What names a product: its name as entered and its Hindi name, where it has one. */
export type NamedProduct = { productname: string; product_hindi?: string | null };

/** The Hindi name to show in this language: in Hindi, the product's Hindi name where it has one; else none. */
export const hindiNameIn = (product: NamedProduct, language: DisplayLanguage): string | null => (language === 'hi' && product.product_hindi?.trim()) || null;

/**
 * A product's name as one text, for a select's option or a title (issue 34): in Hindi 'मक्खन (Salted Butter)', the
 * Hindi name with the English one beside it; in English, or without a Hindi name, the name as entered.
 */
export function productDisplayName(product: NamedProduct, language: DisplayLanguage): string {
  const hindi = hindiNameIn(product, language);
  return hindi ? `${hindi} (${product.productname})` : product.productname;
}

/** A product's name in a list cell or an option: in Hindi its Hindi name first, the English name beside it, greyed. */
export function ProductName({ product }: { product: NamedProduct }) {
  const { language } = useT();
  const hindi = hindiNameIn(product, language);
  if (!hindi) return <>{product.productname}</>;
  return (
    <span>
      <span lang="hi">{hindi}</span>{' '}
      <Typography.Text type="secondary" lang="en">
        {`(${product.productname})`}
      </Typography.Text>
    </span>
  );
}

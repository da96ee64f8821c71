import { Typography } from 'antd';
import { Tx } from './Tx';

/**
 * A Refine page's heading at the level every other screen uses (Refine's own string title is an h4); an English
 * heading of ours (a declaration's) in the user's language.
 */
export const pageTitle = (text: string) => (
  <Typography.Title level={3} style={{ margin: 0 }}>
    <Tx text={text} />
  </Typography.Title>
);

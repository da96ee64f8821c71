import { Typography } from 'antd';

/** A Refine page's heading at the level every other screen uses (Refine's own string title is an h4). */
export const pageTitle = (text: string) => (
  <Typography.Title level={3} style={{ margin: 0 }}>
    {text}
  </Typography.Title>
);

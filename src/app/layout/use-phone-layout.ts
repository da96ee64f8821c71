import { Grid } from 'antd';

/**
 * Below antd's `md` breakpoint (a phone held upright) the sidebar becomes a drawer opened from the header,
 * so the page gets the whole width. Until the screen is measured, the desktop layout is assumed.
 */
export function usePhoneLayout(): boolean {
  return Grid.useBreakpoint().md === false;
}

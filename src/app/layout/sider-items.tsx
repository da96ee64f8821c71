import { LogoutOutlined } from '@ant-design/icons';
import type { CanReturnType, TreeMenuItem } from '@refinedev/core';
import { Tooltip, type MenuProps } from 'antd';
import { Link } from 'react-router';

type Items = NonNullable<MenuProps['items']>;
export const LOGOUT_KEY = 'logout';

/** Every leaf of the menu tree: the entries whose access must be asked. */
export function leafNames(tree: TreeMenuItem[]): string[] {
  return tree.flatMap((item) => (item.children.length ? leafNames(item.children) : [item.name]));
}

/**
 * antd menu items from Refine's menu tree. An entry the role may not use stays visible but `disabled`
 * (greyed, not clickable, skipped by the keyboard), with a tooltip saying why (SPEC.md section 6).
 */
export function buildMenuItems(tree: TreeMenuItem[], access: Map<string, CanReturnType | undefined>, tx: (text: string) => string = (text) => text): Items {
  return tree.map((item) => {
    if (item.children.length) {
      return { key: item.key ?? item.name, icon: item.icon, label: tx(String(item.label)), children: buildMenuItems(item.children, access, tx) };
    }
    const answer = access.get(item.name);
    const allowed = answer?.can === true;
    const label = allowed ? (
      <Link to={item.route ?? '/'}>{tx(String(item.label))}</Link>
    ) : (
      <Tooltip title={answer?.reason && tx(answer.reason)} placement="right">
        <span>{tx(String(item.label))}</span>
      </Tooltip>
    );
    return { key: item.key ?? item.name, icon: item.icon, label, disabled: !allowed };
  });
}

/**
 * Logout, which ends the group declared `withLogout` (SPEC.md: the Setting group). The sidebar shows it right below
 * the entries, in a menu of its own, so that it stays in view when the entries scroll.
 */
export function logoutItems(tree: TreeMenuItem[], label: string): Items {
  return tree.some((item) => item.meta?.withLogout) ? [{ key: LOGOUT_KEY, icon: <LogoutOutlined />, label }] : [];
}

export function groupKeys(tree: TreeMenuItem[]): string[] {
  return tree.filter((item) => item.children.length).map((item) => item.key ?? item.name);
}

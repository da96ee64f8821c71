import { useCan, useNavigation } from '@refinedev/core';
import { Link } from 'react-router';

/**
 * A seller's name as a purchase order names them: a link to their page (which lists their purchase orders) where the
 * role may open users, else the name alone.
 */
export function SellerLink({ id, name }: { id: string | null | undefined; name: string }) {
  const canOpen = useCan({ resource: 'users', action: 'show' }).data?.can === true;
  const { showUrl } = useNavigation();
  return canOpen && id ? <Link to={showUrl('users', id)}>{name}</Link> : <>{name}</>;
}

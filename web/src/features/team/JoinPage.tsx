import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { Join } from './Join';

export default function JoinPage() {
  useDocumentMeta('Take your seat', 'A seat your organisation paid for: sign in and take it.', { noindex: true });
  return <Join />;
}

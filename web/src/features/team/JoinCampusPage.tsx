import { useParams } from 'react-router-dom';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { Join } from './Join';

export default function JoinCampusPage() {
  useDocumentMeta('Join with your college', 'Your college has seats for its students: sign in with your college address and take one.', {
    noindex: true,
  });
  return <Join joinKey={useParams().key} />;
}

import { Link } from 'react-router';
import { paths } from '../../paths';
import { EmptyState } from '../../ui/EmptyState';

export default function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      text="The page you are looking for does not exist."
      action={<Link to={paths.home}>Go to the home page</Link>}
    />
  );
}

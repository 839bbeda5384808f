import { Link } from 'react-router';
import { paths } from '../../paths';
import { PageState } from '../../ui/PageState';

export default function NotFoundPage() {
  return <PageState kind="empty" title="Page not found" text="The page you are looking for does not exist." action={<Link to={paths.home}>Go to the home page</Link>} />;
}

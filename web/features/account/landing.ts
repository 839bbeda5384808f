import { PENDING_INVITATION_KEY, paths } from '../../paths';

/** Where signing in or up leads: back to an invitation opened before, to accept it, or to the dashboard. */
export const landingAfterSignIn = (): string =>
  sessionStorage.getItem(PENDING_INVITATION_KEY) ? paths.invitation : paths.dashboard;

/** What other features use of notices: they import it from here only (npm run lint:layers). */
export { MailConfigDialog } from './mail-config-dialog.tsx';
export { useFollowNotice, useOpenProjectLink } from './notice-link.ts';
export { useOnlineMembers } from './use-online-members.ts';

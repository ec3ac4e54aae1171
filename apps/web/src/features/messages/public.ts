// What other features and the layouts may use of the messages feature.
export { MessagesHeaderLink, UnreadBadge, useUnreadMessages } from './components/unread-link';
export { AnnounceForm } from './components/announce-form';

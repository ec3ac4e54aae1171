// What other features and the layouts may use of the notifications feature (docs/notifications.md).
export { notificationKeys } from './api';
export { NotificationBell } from './components/notification-bell';

// What other features and the layouts may use of the accounts feature.
export { useAccountName } from './use-account-name';

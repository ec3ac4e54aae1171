/**
 * What other features use of the reports (docs/reports.md): nothing yet. Its addresses are `paths.adminReports` and
 * `paths.adminReportDropoff` in config/paths.ts; the screens are reached through the router only.
 */
export {};

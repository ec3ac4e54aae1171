// What other features may use of the dashboard feature.
export { MonthlyCharts } from './components/monthly-charts';

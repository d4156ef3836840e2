/** What other features use of defect-statistics: they import it from here only (npm run lint:layers). */
export { DefectStatisticStrip } from './defect-statistic-strip.tsx';

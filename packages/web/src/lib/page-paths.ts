/**
 * Addresses of pages that pages of other features link to, kept apart from both so that linking
 * to a page adds no import between features (features/ import each other only through their
 * public files, and those must not form a cycle).
 */
/** The case page's route; `?caseId=` opens that case's drawer. */
export const CASE_PAGE_PATH = '/project/case';

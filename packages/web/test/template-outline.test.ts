import { describe, expect, it } from 'vitest';
import { templateOutline } from '../src/features/reports/template-outline.ts';

describe('a template card', () => {
  it('names the sections a template holds, not its directives', () => {
    const content = [
      `# \${api.project.projectName} test summary`,
      '',
      `:-- The project has \${api.case.total} test cases.`,
      '',
      '## Test execution',
      '$table{api.case.byState}',
      `## Open defects (\${api.defect.openTotal})`,
      '$table{api.defect.open[projectNum,defectName]}',
      '### **Conclusion**',
    ].join('\n');
    expect(templateOutline(content)).toBe('Test execution · Open defects (…) · Conclusion');
  });

  it('takes the first lines of prose from a template without sections', () => {
    const content =
      '$table{api.defect.byLevel}\n- [ ] Every urgent defect is resolved\n- [ ] Notes are updated\n';
    expect(templateOutline(content)).toBe('Every urgent defect is resolved Notes are updated');
    expect(templateOutline(`\${api.defect.total}`)).toBe('');
    expect(templateOutline('')).toBe('');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HealthFinding } from './health-findings.js';
import { HEALTH_LIST_PAGE, HealthList } from './health-list.js';

const finding = (index: number): HealthFinding => ({
  kind: 'weak',
  secretId: `s-${index}`,
  name: `Secret ${index}`,
  chestId: 'c-1',
  chestName: 'Operations',
  detail: 'Weak',
  weight: 1,
});

// Counted by selector: role queries over a hundred rows are slow in jsdom.
const rows = (list: HTMLElement) => [...list.querySelectorAll(':scope > li')];

describe('the health findings list', () => {
  it('renders a page of findings at a time, the next on asking (no IntersectionObserver here)', () => {
    const findings = Array.from({ length: HEALTH_LIST_PAGE * 2 + 7 }, (_, index) => finding(index));
    render(
      <HealthList
        findings={findings}
        writableChestIds={new Set(['c-1'])}
        onEdit={vi.fn()}
        onDismiss={vi.fn()}
      />,
    );
    const list = screen.getByLabelText('Health findings');
    expect(rows(list)).toHaveLength(HEALTH_LIST_PAGE);
    expect(rows(list)[0]?.textContent).toContain('Secret 0');
    fireEvent.click(screen.getByText('Load more'));
    expect(rows(list)).toHaveLength(HEALTH_LIST_PAGE * 2);
    fireEvent.click(screen.getByText('Load more'));
    expect(rows(list)).toHaveLength(findings.length);
    expect(screen.queryByText('Load more')).toBeNull();
  });
});

import { notificationDurationMs } from '@bank/contract/constants';
import { describe, expect, it } from 'vitest';
import { type NoticeKind, noticeData } from './notify.ts';

describe('notices (SPEC.md sections 8 and 9: notifications last 3 seconds)', () => {
  it.each<NoticeKind>(['error', 'success', 'warning', 'info'])('a %s closes by itself after 3 seconds', (kind) => {
    expect(notificationDurationMs).toBe(3000);
    expect(noticeData(kind, 'text').autoClose).toBe(notificationDurationMs);
  });

  it('an error with a title keeps the title apart from its message', () => {
    expect(noticeData('error', 'detail', 'Heading')).toMatchObject({
      title: 'Heading',
      message: 'detail',
      color: 'red',
    });
  });
});

import { translate } from '@bank/i18n/resources';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { describeUploadFailure } from './document-upload.tsx';
import { UploadFailure } from './upload-transport.ts';

const english = (key: 'errors.upload_error') => translate('en', key);

describe('an upload that failed (SPEC.md section 8)', () => {
  it("says 'Upload error, please retry' with a retry when the transfer fails", () => {
    const failure = new UploadFailure('transfer', new TypeError('Failed to fetch'));
    expect(describeUploadFailure(failure, english)).toEqual({
      message: 'Upload error, please retry (change network, refresh, retry).',
      isRetryable: true,
    });
  });

  it("shows the server's field message for a refused file, without a retry", () => {
    const refusal = new ApiError(9422, 'Check the fields', { fields: { file: 'Wrong file type' } });
    expect(describeUploadFailure(new UploadFailure('complete', refusal), english)).toEqual({
      message: 'Wrong file type',
      isRetryable: false,
    });
  });
});

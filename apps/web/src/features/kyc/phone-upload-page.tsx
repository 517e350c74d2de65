/** /upload: uploading documents from a phone. An honest frame until the capability that builds it. */
import { NotYetAvailablePublicPage } from '../../ui/not-yet-available.tsx';

export function PhoneUploadPage() {
  return <NotYetAvailablePublicPage page="phoneUpload" />;
}

import { FileTextOutlined } from '@ant-design/icons';
import { ImageAvatar } from '../../../shared/ui/ImageAvatar.tsx';

/** A test's cover as a small square, or the document icon when it has none. */
export function TestCover({ coverUrl }: { coverUrl: string | null }) {
  return <ImageAvatar src={coverUrl ?? undefined} icon={<FileTextOutlined />} shape="square" />;
}

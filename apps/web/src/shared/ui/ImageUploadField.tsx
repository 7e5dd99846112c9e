import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_BYTES, type uploadResultSchema } from '@cool/shared';
import { Button, Flex, theme, Upload } from 'antd';
import { useState } from 'react';
import { api, typed } from '../http/client.ts';
import { ImagePreviewModal } from './ImagePreviewModal.tsx';
import { useNotices } from './notices.ts';

/** What the server accepts (it checks the content too). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Why a file is refused before it is sent, mirroring the server's rules; null when it may be sent. */
export function imageFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}

export interface ImageUploadTexts {
  upload: string;
  replace: string;
  preview: string;
  remove: string;
  /** Shown when the file is not PNG, JPEG, WebP or GIF. */
  badType: string;
  /** Shown when the file is larger than 2 MB. */
  tooLarge: string;
  uploaded: string;
}

interface ImageUploadFieldProps {
  /** Form-controlled: the image's URL, or null/undefined for none. */
  value?: string | null;
  onChange?: (url: string | null) => void;
  texts: ImageUploadTexts;
  disabled?: boolean;
  /** Thumbnail edge in px. */
  size?: number;
  id?: string;
}

/**
 * An image form control: uploads to `POST /api/uploads` (PNG, JPEG, WebP or GIF, at most 2 MB, checked here
 * before sending) and keeps the returned URL; the thumbnail opens the 800 px preview.
 */
export function ImageUploadField({ value, onChange, texts, disabled, size = 64, id }: ImageUploadFieldProps) {
  const { message } = useNotices();
  const { token } = theme.useToken();
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const upload = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      message.error(problem === 'type' ? texts.badType : texts.tooLarge);
      return;
    }
    const body = new FormData();
    body.append('file', file);
    setUploading(true);
    try {
      const result = await api.post('/uploads', typed<typeof uploadResultSchema>(), body);
      onChange?.(result.url);
      message.success(texts.uploaded);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex gap={8} align="center" wrap id={id}>
      {value && (
        <button
          type="button"
          onClick={() => setPreviewing(true)}
          aria-label={texts.preview}
          style={{
            padding: 0,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorFillTertiary,
            cursor: 'zoom-in',
            width: size,
            height: size,
            overflow: 'hidden',
          }}
        >
          <img src={value} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        </button>
      )}
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
          {value ? texts.replace : texts.upload}
        </Button>
      </Upload>
      {value && (
        <>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
            {texts.preview}
          </Button>
          <Button icon={<DeleteOutlined />} danger disabled={disabled} onClick={() => onChange?.(null)}>
            {texts.remove}
          </Button>
        </>
      )}
      <ImagePreviewModal
        src={previewing ? value : null}
        title={texts.preview}
        onClose={() => setPreviewing(false)}
      />
    </Flex>
  );
}

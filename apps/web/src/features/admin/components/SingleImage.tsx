import { ImageUpload } from '../../../components/ImageUpload.tsx';

/** ImageUpload as a single-path form control (value: string). */
export function SingleImage({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return <ImageUpload value={value ? [value] : []} onChange={(paths) => onChange?.(paths[0] ?? '')} />;
}

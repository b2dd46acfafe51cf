import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { docLabel, DocumentLinks, DocumentUpload } from './DocumentUpload.tsx';
import { setNotifier } from '../lib/notify.ts';

const DOCS = [
  { name: '工艺图纸.pdf', path: 'u/enquiry/2026/11/a.pdf' },
  { name: '现场照片.png', path: 'u/enquiry/2026/11/b.png' },
];

describe('DocumentUpload', () => {
  const errors: string[] = [];
  beforeEach(() => {
    errors.length = 0;
    setNotifier({ success: () => {}, warning: () => {}, error: (t) => errors.push(t) });
  });
  afterEach(cleanup);
  const pick = (container: HTMLElement, files: File[]) =>
    fireEvent.change(container.querySelector('input[type=file]') as HTMLInputElement, { target: { files } });

  it('accepts the folder types, shows a PDF as a link and an image as a thumbnail, refuses a program and too many files', async () => {
    const { container, getByText } = render(
      <DocumentUpload value={DOCS} folder="enquiry" types={['pdf', 'jpg', 'jpeg', 'png']} max={3} buttonText="上传附件（PDF / 图片）" />,
    );
    expect(container.querySelector('input[type=file]')?.getAttribute('accept')).toBe('.pdf,.jpg,.jpeg,.png');
    expect(getByText('工艺图纸.pdf').closest('a')?.getAttribute('href')).toBe('/f/u/enquiry/2026/11/a.pdf');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/f/w120/u/enquiry/2026/11/b.png');
    pick(container, [new File(['MZ'], 'setup.exe')]);
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual(['仅允许pdf、jpg、jpeg、png格式']);
    pick(container, [new File(['%PDF'], '1.pdf'), new File(['%PDF'], '2.pdf')]);
    await new Promise((r) => setTimeout(r, 20));
    expect(errors[1]).toContain('3');
  });

  it('DocumentLinks names a document with its stored extension (tender documents are stored without one)', () => {
    expect(docLabel({ name: '招标文件', path: 'u/bid/x.pdf' })).toBe('招标文件.pdf');
    expect(docLabel({ name: '图纸.PDF', path: 'u/bid/x.pdf' })).toBe('图纸.PDF');
    const { getByText, container } = render(<DocumentLinks docs={DOCS} />);
    expect(getByText(/工艺图纸\.pdf/).closest('a')?.getAttribute('href')).toBe('/f/u/enquiry/2026/11/a.pdf');
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});

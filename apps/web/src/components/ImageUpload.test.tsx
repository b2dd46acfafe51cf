import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { ImageUpload } from './ImageUpload.tsx';
import { checkUploadCount, checkUploadFile, readUploadResponse } from './upload-rules.ts';
import { setNotifier } from '../lib/notify.ts';

const MB = 1024 * 1024;

describe('upload rules', () => {
  it('allows jpg, jpeg and png up to 10 MB by default', () => {
    expect(checkUploadFile({ name: 'a.JPG', size: 10 * MB })).toBeNull();
    expect(checkUploadFile({ name: 'a.png', size: 1 })).toBeNull();
    expect(checkUploadFile({ name: 'a.gif', size: 1 })).toBe('仅允许jpg、jpeg、png格式');
    expect(checkUploadFile({ name: 'noext', size: 1 })).toBe('仅允许jpg、jpeg、png格式');
    expect(checkUploadFile({ name: 'a.png', size: 10 * MB + 1 })).toBe('最大允许10M');
  });
  it('honours custom types and sizes', () => {
    expect(checkUploadFile({ name: 'a.pdf', size: 1 }, { types: ['pdf'] })).toBeNull();
    expect(checkUploadFile({ name: 'a.png', size: 3 * MB }, { maxMb: 2 })).toBe('最大允许2M');
  });
  it('limits a multi-upload to 5 images by default', () => {
    expect(checkUploadCount(3, 2, 5)).toBeNull();
    expect(checkUploadCount(4, 2, 5)).toBe('最多允许5张');
  });
  it('reads the stored path, the server message or 上传失败', () => {
    expect(readUploadResponse({ code: 0, message: '上传成功', data: [{ fileRelativePath: 'u/1.png', fileName: '1.png', size: 9 }] })).toEqual({ path: 'u/1.png' });
    expect(readUploadResponse({ code: 0, message: '', data: { fileRelativePath: 'u/2.png' } })).toEqual({ path: 'u/2.png' });
    expect(readUploadResponse({ code: 0, message: '', data: [] })).toEqual({ error: '上传失败' });
    expect(readUploadResponse({ code: 2, message: '文件内容不是图片', data: null })).toEqual({ error: '文件内容不是图片' });
    expect(readUploadResponse({ code: 500, message: '' })).toEqual({ error: '上传失败' });
    expect(readUploadResponse('<html>')).toEqual({ error: '上传失败' });
  });
});

describe('ImageUpload control', () => {
  const errors: string[] = [];
  beforeEach(() => {
    errors.length = 0;
    setNotifier({ success: () => {}, warning: () => {}, error: (t) => errors.push(t) });
  });
  afterEach(cleanup);

  const pick = (container: HTMLElement, files: File[]) => {
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files } });
  };

  it('posts field storefile, shows thumbnails of the value and refuses a wrong type', async () => {
    const { container } = render(<ImageUpload value={['u/1.png']} multiple />);
    expect(container.querySelector('input[type=file]')?.getAttribute('accept')).toBe('.jpg,.jpeg,.png');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/f/w120/u/1.png');
    pick(container, [new File(['x'], 'a.gif', { type: 'image/gif' })]);
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual(['仅允许jpg、jpeg、png格式']);
  });

  it('refuses more than 5 images in one go, with one message', async () => {
    const { container } = render(<ImageUpload value={['u/1.png', 'u/2.png', 'u/3.png']} multiple />);
    pick(container, [1, 2, 3].map((i) => new File(['x'], `${i}.png`, { type: 'image/png' })));
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual(['最多允许5张']);
  });
});

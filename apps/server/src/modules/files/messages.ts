import { defineErrors, UPLOAD_MAX_IMAGES, UPLOAD_MAX_MB, uploadCountMessage, uploadSizeMessage, uploadTypeMessage } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const filesErrors = defineErrors({
  UPLOAD_CATEGORY_UNKNOWN: { kind: 'invalid', message: '不支持的上传类别' },
  UPLOAD_FILE_REQUIRED: { kind: 'invalid', message: '请选择要上传的文件' },
  UPLOAD_IMAGE_TOO_LARGE: { kind: 'invalid', message: '图片尺寸过大' },
  UPLOAD_FORM_MALFORMED: { kind: 'invalid', message: '上传数据格式错误' },
  UPLOAD_TOO_LARGE: { kind: 'invalid', message: uploadSizeMessage(UPLOAD_MAX_MB) },
  UPLOAD_TOO_MANY: { kind: 'invalid', message: uploadCountMessage(UPLOAD_MAX_IMAGES) },
  UPLOAD_TYPE_NOT_ALLOWED: { kind: 'invalid', message: (p: { types: readonly string[] }) => uploadTypeMessage(p.types) },
});

/** Raises one of this module's errors: `throw fail('UPLOAD_CATEGORY_UNKNOWN')`. */
export const fail = raiserOf(filesErrors);

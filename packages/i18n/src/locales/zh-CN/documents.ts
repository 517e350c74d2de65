import type { documents as en } from '../en/documents.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const documents: Strings<typeof en> = {
  upload: {
    drop_here: '将文件拖到此处，或选择文件',
    drop_active: '松开鼠标即可上传',
    choose: '选择文件',
    rules: '支持JPEG、PNG或PDF，每个文件不超过{{size}} MB，最多{{count}}个文件。',
    rules_one: '支持JPEG、PNG或PDF，每个文件不超过{{size}} MB，最多{{count}}个文件。',
    checking: '正在检查…',
    progress: '已上传{{percent}}%',
    progress_of: '{{name}}的上传进度',
    cancel: '取消',
    dismiss: '关闭',
    uploaded: '{{name}}已上传',
    preview: '预览',
    preview_named: '预览{{name}}',
    remove: '移除',
    remove_named: '移除{{name}}',
    count: '{{count}}/{{max}}个文件',
    none: '尚未上传文件。',
  },
  types: { pdf: 'PDF', png: 'PNG图片', jpeg: 'JPEG图片' },
  preview: {
    title: '文件',
    loading: '正在加载文件…',
    failed: '无法显示该文件。',
    open_new_tab: '在新标签页中打开',
    download: '下载',
    close: '关闭预览',
  },
  signature: {
    canvas_label: '{{label}}：请使用鼠标、手指或触控笔在此处签名',
    draw_hint: '请使用鼠标、手指或触控笔在框内签名。',
    clear: '清除',
    type_instead: '改为输入姓名',
    draw_instead: '改为手写签名',
    typed_label: '您的全名',
    typed_hint: '输入的姓名将生成签名图片，与手写签名具有同等效力。',
    saved_alt: '{{label}}的签名',
    sign_again: '重新签名',
    keep_saved: '保留已保存的签名',
    pending: '新签名已就绪，将在保存时一并提交。',
    none: '无签名。',
  },
  country: {
    placeholder: '搜索国家或地区',
    placeholder_multiple: '搜索并添加国家或地区',
    nothing_found: '没有匹配的国家或地区',
  },
};

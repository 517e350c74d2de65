import type { documents as en } from '../en/documents.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const documents: Strings<typeof en> = {
  upload: {
    drop_here: 'ここにファイルをドラッグするか、ファイルを選択してください',
    drop_active: 'ドロップしてアップロード',
    choose: 'ファイルを選択',
    rules: 'JPEG・PNG・PDF、1ファイル{{size}} MBまで、最大{{count}}ファイル。',
    rules_one: 'JPEG・PNG・PDF、1ファイル{{size}} MBまで、最大{{count}}ファイル。',
    checking: '確認中…',
    progress: '{{percent}}%アップロード済み',
    progress_of: '{{name}}のアップロード状況',
    cancel: 'キャンセル',
    dismiss: '閉じる',
    uploaded: '{{name}}をアップロードしました',
    preview: 'プレビュー',
    preview_named: '{{name}}をプレビュー',
    remove: '削除',
    remove_named: '{{name}}を削除',
    count: '{{count}}／{{max}}ファイル',
    none: 'アップロードされた書類はありません。',
  },
  types: { pdf: 'PDF', png: 'PNG画像', jpeg: 'JPEG画像' },
  preview: {
    title: '書類',
    loading: '書類を読み込んでいます…',
    failed: '書類を表示できませんでした。',
    open_new_tab: '新しいタブで開く',
    download: 'ダウンロード',
    close: 'プレビューを閉じる',
  },
  signature: {
    canvas_label: '{{label}}：マウス、指またはペンでここに署名してください',
    draw_hint: '枠内にマウス、指またはペンで署名してください。',
    clear: '消去',
    type_instead: '名前の入力に切り替える',
    draw_instead: '手書きに切り替える',
    typed_label: '氏名（フルネーム）',
    typed_hint: '入力した氏名は署名画像に変換され、手書きの署名と同じ効力を持ちます。',
    saved_alt: '{{label}}の署名',
    sign_again: '署名し直す',
    keep_saved: '保存済みの署名を使う',
    pending: '新しい署名の準備ができました。保存時に登録されます。',
    none: '署名はありません。',
  },
  country: {
    placeholder: '国・地域を検索',
    placeholder_multiple: '国・地域を検索して追加',
    nothing_found: '該当する国・地域がありません',
  },
};

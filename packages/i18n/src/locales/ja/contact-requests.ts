import type { contactRequests as en } from '../en/contact-requests.ts';

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

export const contactRequests: Strings<typeof en> = {
  names: {
    private_banking: 'プライベートバンキング',
    structured_products: '仕組商品',
    investment_banking: 'インベストメントバンキング',
  },
  sections: {
    who_for: '対象となるお客さま',
    how_it_works: 'ご利用の流れ',
    services: 'サービス内容',
    minimums: '目安となる最低金額',
    risks: 'リスクと重要事項',
  },
  minimums_note: '金額は目安であり、参考情報です。実際の条件はお客さまの状況により異なり、書面で合意します。',
  private_banking: {
    eyebrow: 'ウェルスマネジメント',
    lead: '御社のオーナーや経営陣の個人資産のために、専任のバンカーと専門チームが、法人口座とあわせてお手伝いします。',
    who_for: {
      founders: '資産の多くを事業として保有する創業者・株主の方。',
      principals: '個人と法人の取引をひとつの窓口にまとめたい取締役・パートナーの方。',
      families: '次世代への資産承継を計画されているご家族。',
    },
    steps: {
      discover: { title: 'ヒアリング', text: '目標、負債や義務、投資期間、リスク許容度をお伺いします。' },
      proposal: { title: 'ご提案', text: 'バンカーが運用方針、費用、リスクを書面でご提示します。' },
      onboarding: { title: '口座開設', text: '個人の確認手続きを行い、口座の開設と契約を完了します。' },
      review: { title: '定期的な見直し', text: '運用成果と費用をご報告し、少なくとも年に一度方針を見直します。' },
    },
    services: {
      advisory: {
        title: '投資助言',
        text: '上場有価証券、ファンド、デジタル資産について助言し、最終判断はお客さまが行います。',
      },
      discretionary: { title: '一任運用', text: '合意した運用方針とリスク上限の範囲で、ポートフォリオを運用します。' },
      lending: {
        title: '証券担保ローン',
        text: 'ポートフォリオを担保にした融資で、投資を売却せずに資金を確保できます。',
      },
      planning: {
        title: '資産承継プランニング',
        text: '弁護士・税理士と連携し、承継、信託、資産管理会社の仕組みを整えます。',
      },
    },
    minimums: {
      relationship: { label: 'お取引開始', value: '預り資産 100 万米ドルから' },
      discretionary: { label: '一任運用', value: '200 万米ドルから' },
      lending: { label: '証券担保ローン', value: '適格担保評価額の 50〜70% まで' },
    },
    risks:
      '投資の価値は上昇することも下落することもあり、投資元本を割り込むことがあります。過去の実績は将来の成果を保証するものではありません。ポートフォリオを担保とする借入れでは、担保価値が下落すると追加担保の差し入れや資産の強制売却が生じることがあります。各サービスのご利用には、適格性の確認、審査、居住国の法令の遵守が必要です。本ページの内容は投資、法律、税務上の助言ではありません。',
  },
  structured_products: {
    eyebrow: '運用ソリューション',
    lead: '債券や預金にデリバティブを組み合わせ、一定期間にわたり、元本確保、利回りの向上、市場への連動など、あらかじめ定めた損益の形を実現する商品です。',
    who_for: {
      treasurers: '余剰資金があり、運用可能な期間が明確な財務ご担当者。',
      yield: '預金を上回る収益を求め、そのために定められたリスクを受け入れられる企業。',
      hedgers: '為替、金利、指数の変動に投資したい、または備えたい企業。',
    },
    steps: {
      objective: { title: '目的の確認', text: '求める成果、期間、通貨、許容できるリスクをお伺いします。' },
      terms: { title: '参考条件', text: '複数の発行体から価格を取得し、タームシートと重要情報文書をお送りします。' },
      trade: { title: 'お取引', text: '最終条件を書面でご承諾いただいた後、商品が発行され口座に保管されます。' },
      lifecycle: { title: '期中管理', text: '満期または早期償還まで、評価額、観測日、クーポンをご報告します。' },
    },
    services: {
      protected: { title: '元本確保型ノート', text: '満期時に発行体が元本を返済し、参照資産の上昇にも参加できます。' },
      income: {
        title: '利回り向上型',
        text: '下落リスクを負う代わりに高いクーポンを受け取る、他社株転換型や早期償還型の商品。',
      },
      dual: {
        title: 'デュアルカレンシー預金',
        text: '高めの金利が付く一方、所定のレートで別の通貨により返済されることがある預金。',
      },
      participation: {
        title: '参加型ノート',
        text: '指数、バスケット、デジタル資産を直接保有せずに、その値動きに連動します。',
      },
    },
    minimums: {
      ticket: { label: '1 取引あたり', value: '10 万米ドル相当から' },
      dual: { label: 'デュアルカレンシー預金', value: '5 万米ドル相当から' },
      tenor: { label: '一般的な期間', value: '1 週間から 3 年' },
    },
    risks:
      '仕組商品は複雑で、すべての投資家に適しているわけではありません。元本確保型でない限り、元本の一部または全部を失うことがあり、元本確保も発行体の支払能力に依存します（発行体の信用リスク）。満期前の売却は難しい場合があり、途中売却により損失が生じることがあります。損益の形は約定時に確定します。ご判断の前にタームシートと重要情報文書をお読みください。',
  },
  investment_banking: {
    eyebrow: 'コーポレートファイナンス',
    lead: '資金調達、事業の買収・売却、財務構成の管理など、御社の将来を左右する意思決定について助言し、実行をお手伝いします。',
    who_for: {
      growth: '私募による資金調達や上場を準備している成長企業。',
      owners: '事業の売却、合併、競合先や取引先の買収を検討しているオーナー。',
      finance: '借入れの借換えや資本構成の見直しを行う財務チーム。',
    },
    steps: {
      mandate: { title: 'ご依頼', text: '目的、範囲、体制、スケジュール、報酬を契約書で取り決めます。' },
      preparation: {
        title: '準備',
        text: '企業価値評価、財務モデル、インフォメーション・メモランダム、データルーム。',
      },
      execution: { title: '実行', text: '投資家や相手先に打診し、プロセスを進め、条件を交渉します。' },
      completion: {
        title: 'クロージング',
        text: '法律顧問とともに契約締結とクロージングを行い、資金決済を完了します。',
      },
    },
    services: {
      ecm: { title: 'エクイティ・キャピタル・マーケット', text: '私募増資、上場前の資金調達、株式上場。' },
      dcm: {
        title: 'デット・ファイナンス',
        text: '社債、プライベート・クレジット、ストラクチャード・ファイナンスや資産担保型の融資。',
      },
      ma: { title: 'M&A アドバイザリー', text: '買い手・売り手への助言、企業価値評価、フェアネス・オピニオン。' },
      digital: {
        title: 'デジタル資産アドバイザリー',
        text: 'デジタル資産を保有する企業向けのトークン発行、資金管理方針、カストディ。',
      },
    },
    minimums: {
      size: { label: '案件規模', value: '通常 1,000 万米ドルから' },
      fees: { label: '報酬', value: 'リテイナーと成功報酬。契約書で合意します' },
      timeline: { label: '一般的な期間', value: '3〜9 か月' },
    },
    risks:
      'すべてのご依頼は、当行の利益相反確認、審査、承認を条件とします。助言は署名済みの契約書に基づいてのみ提供します。資金調達や取引は市場環境に左右され、結果、評価額、スケジュールを保証することはできません。有価証券の募集は、その募集書類によってのみ、法令が認める地域でのみ行われます。',
  },
  contact: {
    title: '担当者に連絡を依頼',
    text: '{{product}}についてご相談の機会を設けます。担当のリレーションシップ・マネージャーが {{days}} 営業日以内にご連絡します。',
    method: 'ご希望の連絡方法',
    methods: { phone: '電話', email: 'メール', video_call: 'ビデオ通話' },
    message: 'メッセージ',
    message_placeholder: 'ご相談になりたい内容や、事前に準備してほしいこと。',
    preferred_time: 'ご希望の時間帯（任意）',
    preferred_time_placeholder: '例：平日 14:00 以降（日本時間）',
    submit: '依頼を送信',
    sent: 'リレーションシップ・マネージャーに依頼を送信しました。',
    your_requests: 'これまでの依頼',
    none: 'このサービスについてのご依頼はまだありません。',
    sent_on: '{{date}} 送信',
    handled_on: '{{date}} 対応済み',
  },
  rm_email: {
    subject: '{{product}}について連絡を希望するお客様がいます',
    title: '連絡を希望するお客様がいます',
    body: '{{company}} が{{product}}について連絡を希望しています（{{time}}）。ご希望の連絡方法と時間帯を含むリクエストは、バックオフィスの「連絡リクエスト」でご確認ください。',
  },
  statuses: { open: '送信済み', handled: '対応済み' },
  validation: {
    message_required: '短いメッセージを入力してください',
    note_required: '対応内容のメモを入力してください',
  },
  errors: { already_handled: 'この依頼はすでに対応済みです。' },
  admin: {
    filter: '状況',
    all: 'すべて',
    status_labels: { open: '未対応', handled: '対応済み' },
    queue: 'キュー',
    shared_queue: '共有キュー（担当者なし）',
    columns: { sent: '送信日時', company: '会社', product: '商品', contact: '連絡方法', status: '状況' },
    unnamed_company: '名称未登録の会社',
    empty_title: '依頼はありません',
    empty_text: 'ご担当の会社が商品ページから送った依頼がここに表示されます。',
    empty_filtered_text: 'この状況の依頼はありません。別の状況を選んでください。',
    load_more: 'さらに表示',
    all_loaded: 'すべての依頼を表示しています。',
    open: '{{company}} の依頼を開く',
    detail_title: '連絡依頼',
    close: '閉じる',
    requester: '依頼者',
    preferred_time: 'ご希望の時間帯',
    no_preferred_time: '指定なし',
    message: 'メッセージ',
    note: 'メモ',
    note_help: '行内用：合意・対応した内容。お客さまには対応済みであることのみ通知されます。',
    mark_handled: '対応済みにする',
    handled: '依頼を対応済みにしました。',
    handled_by: '{{email}} が {{date}} に対応',
  },
};

/**
 * The product pages (/private_b_p, /structured_p, /investment_b) and the request to be contacted
 * by the relationship manager, with its back-office queue (/admin/contact_requests).
 */
export const contactRequests = {
  names: {
    private_banking: 'Private banking',
    structured_products: 'Structured products',
    investment_banking: 'Investment banking',
  },
  sections: {
    who_for: 'Who it is for',
    how_it_works: 'How it works',
    services: 'What we offer',
    minimums: 'Typical minimums',
    risks: 'Risks and important information',
  },
  minimums_note:
    'Indicative figures, for orientation only. Actual terms depend on your profile and are agreed in writing.',
  private_banking: {
    eyebrow: 'Wealth management',
    lead: 'A dedicated banker and a team of specialists for the personal wealth of your company’s owners and principals, alongside the company’s own accounts.',
    who_for: {
      founders: 'Founders and shareholders whose wealth is largely held in the business.',
      principals: 'Directors and partners who want personal and company banking under one relationship.',
      families: 'Families planning how wealth passes to the next generation.',
    },
    steps: {
      discover: {
        title: 'Discovery',
        text: 'We meet to understand your goals, obligations, horizon and attitude to risk.',
      },
      proposal: {
        title: 'Proposal',
        text: 'Your banker sets out a written strategy, its costs and its risks for you to review.',
      },
      onboarding: {
        title: 'Onboarding',
        text: 'Personal due diligence is completed and the accounts and mandates are opened.',
      },
      review: {
        title: 'Ongoing review',
        text: 'We report on performance and costs and review the strategy with you at least once a year.',
      },
    },
    services: {
      advisory: {
        title: 'Investment advisory',
        text: 'Recommendations you decide on, across listed securities, funds and digital assets.',
      },
      discretionary: {
        title: 'Discretionary management',
        text: 'A portfolio managed for you within an agreed mandate and risk limits.',
      },
      lending: {
        title: 'Lombard lending',
        text: 'Credit secured on a portfolio, for liquidity without selling investments.',
      },
      planning: {
        title: 'Wealth planning',
        text: 'Succession, trust and holding structures, with your lawyers and tax advisers.',
      },
    },
    minimums: {
      relationship: { label: 'Relationship', value: 'From USD 1 million in assets' },
      discretionary: { label: 'Discretionary mandate', value: 'From USD 2 million' },
      lending: { label: 'Lombard credit', value: 'Up to 50–70% of eligible collateral' },
    },
    risks:
      'The value of investments can fall as well as rise and you may get back less than you invested. Past performance is not a guide to future returns. Lending against a portfolio can lead to a margin call and forced sale of assets if their value falls. Services are subject to eligibility, due diligence and the laws of your country of residence. Nothing on this page is investment, legal or tax advice.',
  },
  structured_products: {
    eyebrow: 'Investment solutions',
    lead: 'Notes and deposits that combine a bond or deposit with derivatives to give a defined pay-off: capital protection, enhanced income or participation in a market, for a fixed term.',
    who_for: {
      treasurers: 'Corporate treasurers with surplus cash and a clear view of the term it can be set aside.',
      yield: 'Companies seeking more income than deposits pay, and accepting defined risks for it.',
      hedgers: 'Firms wanting exposure to, or protection from, a currency, rate or index move.',
    },
    steps: {
      objective: {
        title: 'Objective',
        text: 'You tell us the outcome you need, the term, the currency and the risk you accept.',
      },
      terms: {
        title: 'Indicative terms',
        text: 'We price solutions with several issuers and send term sheets and key information documents.',
      },
      trade: {
        title: 'Trade',
        text: 'Once you accept the final terms in writing, the product is issued and held in your account.',
      },
      lifecycle: {
        title: 'Life cycle',
        text: 'We report valuations, observation dates and coupons until maturity or early redemption.',
      },
    },
    services: {
      protected: {
        title: 'Capital-protected notes',
        text: 'Return of capital at maturity by the issuer, with participation in an underlying’s rise.',
      },
      income: {
        title: 'Yield enhancement',
        text: 'Reverse convertibles and autocallables paying a higher coupon against downside risk.',
      },
      dual: {
        title: 'Dual currency deposits',
        text: 'An enhanced rate on a deposit that may be repaid in a second currency at a set rate.',
      },
      participation: {
        title: 'Participation notes',
        text: 'Exposure to an index, basket or digital asset without holding it directly.',
      },
    },
    minimums: {
      ticket: { label: 'Per trade', value: 'From USD 100,000 or equivalent' },
      dual: { label: 'Dual currency deposit', value: 'From USD 50,000 or equivalent' },
      tenor: { label: 'Typical term', value: 'One week to three years' },
    },
    risks:
      'Structured products are complex and may not be suitable for every investor. You may lose part or all of your capital unless it is protected, and any protection depends on the issuer’s ability to pay (issuer credit risk). Products may be hard to sell before maturity, and an early sale can be at a loss. Pay-offs are fixed at the trade: read the term sheet and key information document before you decide.',
  },
  investment_banking: {
    eyebrow: 'Corporate finance',
    lead: 'Advice and execution for the decisions that shape your company: raising capital, buying or selling a business, and managing the balance sheet.',
    who_for: {
      growth: 'Growth companies preparing a private funding round or a listing.',
      owners: 'Owners considering a sale, a merger or the acquisition of a competitor or supplier.',
      finance: 'Finance teams refinancing debt or restructuring their capital.',
    },
    steps: {
      mandate: {
        title: 'Mandate',
        text: 'We agree the objective, scope, team, timetable and fees in an engagement letter.',
      },
      preparation: { title: 'Preparation', text: 'Valuation, financial model, information memorandum and data room.' },
      execution: {
        title: 'Execution',
        text: 'We approach investors or counterparties, run the process and negotiate terms.',
      },
      completion: {
        title: 'Completion',
        text: 'Signing and closing with your legal advisers, then the settlement of funds.',
      },
    },
    services: {
      ecm: { title: 'Equity capital markets', text: 'Private placements, pre-IPO rounds and listings.' },
      dcm: { title: 'Debt financing', text: 'Bonds, private credit and structured or asset-backed facilities.' },
      ma: {
        title: 'Mergers and acquisitions',
        text: 'Buy-side and sell-side advice, valuations and fairness opinions.',
      },
      digital: {
        title: 'Digital asset advisory',
        text: 'Token issuance, treasury policy and custody for companies holding digital assets.',
      },
    },
    minimums: {
      size: { label: 'Transaction size', value: 'Typically from USD 10 million' },
      fees: { label: 'Fees', value: 'A retainer and a success fee, agreed in the engagement letter' },
      timeline: { label: 'Typical timeline', value: 'Three to nine months' },
    },
    risks:
      'Every mandate is subject to our conflict checks, due diligence and approval. Advice is given only under a signed engagement letter. Capital raising and transactions depend on market conditions, and no outcome, valuation or timetable can be guaranteed. Offers of securities are made only by their offering documents and only where the law allows.',
  },
  contact: {
    title: 'Contact my relationship manager',
    text: 'Ask for a conversation about {{product}}. Your relationship manager replies within {{days}} working days.',
    method: 'Preferred contact',
    methods: { phone: 'Phone', email: 'Email', video_call: 'Video call' },
    message: 'Message',
    message_placeholder: 'What you would like to discuss, and anything we should prepare.',
    preferred_time: 'Preferred time (optional)',
    preferred_time_placeholder: 'e.g. weekdays after 14:00 Hong Kong time',
    submit: 'Send request',
    sent: 'Your request was sent to your relationship manager.',
    your_requests: 'Your requests',
    none: 'You have not asked about this service yet.',
    sent_on: 'Sent {{date}}',
    handled_on: 'Handled {{date}}',
  },
  rm_email: {
    subject: 'A client asks to be contacted about {{product}}',
    title: 'A client asks to be contacted',
    body: '{{company}} asks to be contacted about {{product}} ({{time}}). The request, with how and when they would like to be reached, is in the back office under Contact requests.',
  },
  statuses: { open: 'Sent', handled: 'Handled' },
  validation: {
    message_required: 'Please write a short message',
    note_required: 'Please write a note on what was done',
  },
  errors: { already_handled: 'This request has already been handled.' },
  admin: {
    filter: 'Status',
    all: 'All',
    status_labels: { open: 'Open', handled: 'Handled' },
    queue: 'Queue',
    shared_queue: 'Shared queue (no relationship manager)',
    columns: { sent: 'Sent', company: 'Company', product: 'Product', contact: 'Contact', status: 'Status' },
    unnamed_company: 'Company without a name yet',
    empty_title: 'No requests here',
    empty_text: 'Requests from the product pages of the companies you look after appear here.',
    empty_filtered_text: 'No request has this status. Choose another status to see more.',
    load_more: 'Load more',
    all_loaded: 'All requests are shown.',
    open: 'Open request from {{company}}',
    detail_title: 'Contact request',
    close: 'Close',
    requester: 'Requested by',
    preferred_time: 'Preferred time',
    no_preferred_time: 'Any time',
    message: 'Message',
    note: 'Note',
    note_help: 'For the bank only: what was agreed or done. The client is told the request was handled.',
    mark_handled: 'Mark handled',
    handled: 'Request marked handled.',
    handled_by: 'Handled by {{email}} on {{date}}',
  },
};

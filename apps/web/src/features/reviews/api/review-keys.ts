export const reviewKeys = {
  all: ['reviews'] as const,
  deal: (dealId: string) => ['reviews', 'deal', dealId] as const,
  companyAll: (companyId: string) => ['reviews', 'company', companyId] as const,
  company: (companyId: string, page: number) => ['reviews', 'company', companyId, page] as const,
  companyReputation: (companyId: string) => ['reputations', 'company', companyId] as const,
  admin: (page: number) => ['reviews', 'admin', page] as const,
};

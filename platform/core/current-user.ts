// The caller behind a token, with the accounts it is related to: userType 1 every account of its enterprise;
// userType 2 (agent) its own account and those it created; everyone else only its own. What it may do with them
// is decided by auth/scope.ts.
export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  cus_id: string;
  ep_id: string;
  userType: number;
  showClientStatus: number;
  clientForbidUnknown: number;
  showContentFilterWhere: number;
  moreType: number;
  roles: string[];
  permissions: string[];
  /** the accounts this caller manages or reads (its enterprise, or its own and those it created); read it only through
   * readableCusIds() in auth/scope.ts, which decides what each area of data reaches. */
  visibleCusIds: string[];
  tokenHash: string;
  /** when the session ends unless refreshed. */
  expiresAt: Date;
}

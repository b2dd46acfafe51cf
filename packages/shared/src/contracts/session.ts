/** The signed-in user (SPEC §3 "User info"), as answered by login and GET /api/appuser/loginuserinfo. */
export interface SessionUser {
  userId: number;
  phone: string;
  realName: string;
  nickName: string;
  avatar: string;
  email: string;
  gender: number | null;
  extension: {
    CompanyId: number | null;
    CompanyName: string;
    CompanyType: number | null;
    isMemberVail: number;
    memberLv: number;
    isCompanyAdmin: boolean;
    isPlatformAdmin: boolean;
  };
}

/** What login calls answer (SPEC §3 "Session"). */
export interface LoginResult {
  authToken: string;
  userInfo: SessionUser;
}

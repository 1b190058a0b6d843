// Response shapes of SPEC section 3, shared by the server (which builds them) and the client (which renders them).

export interface ErrorBody {
  messages: { message: string; field?: string }[];
}

export interface TokenResponse {
  token: string;
}

export interface AwardRef {
  id: string;
  src: string;
  name: string;
}

export interface OwnedAward extends AwardRef {
  description: string;
  issuer: string;
  acquisitionDate: string;
}

export interface Experience {
  current: number;
  required: number;
}

/** Everything anyone may see of a profile: never the email, ids or login data. */
export interface PublicProfile {
  username: string | null;
  location: string;
  bio: string;
  link: string;
  website: string;
  instagram: string;
  twitter: string;
  profilePicture: string | null;
  banner: string | null;
  profileFlair: AwardRef | null;
  /** Always BADGE_SLOTS entries; an empty slot is null. */
  profileBadges: (AwardRef | null)[];
  flairs: OwnedAward[];
  badges: OwnedAward[];
  xp: number;
  experience: Experience;
  level: number;
  rank: number;
  questCount: number;
  interfaceCount: number;
}

export interface UserProfile extends PublicProfile {
  email: string;
  role: 'user' | 'admin';
  history: LoginHistory;
}

export interface LoginHistory {
  lastCheckin: string | null;
  streak: number;
}

export interface CheckinResponse {
  bonus: number;
  streak: number;
  token: string;
  xp: number;
  level: number;
}

export interface Device {
  id: string;
  name: string;
  image: string;
  /** claimed: this item's number in the run (as in "#7 of 100"). */
  edition: { type: string; claimed: number; run: number };
  organization: { name: string; brand_logo_small: string };
  brandId: string;
  claimedAt: string | null;
}

export interface Asset {
  /** The gear item's or the award's id. */
  id: string;
  type: 'gear' | 'flair' | 'badge';
  name: string;
  src: string;
  description: string;
  acquisitionDate: string | null;
  issuer: string;
  edition: string | null;
}

export interface BrandCard {
  id: string;
  name: string;
  banner: string;
  profilePicture: string;
  isMember: boolean;
}

export interface Post {
  id: string;
  author: { name: string; picture: string };
  /** Paragraphs separated by blank lines; http(s) URLs inside are links. */
  content: string;
  date: string;
  image: string | null;
}

export interface GearModelSummary {
  id: string;
  name: string;
  image: string;
  edition: { type: string; run: number; available: number };
}

export type QuestStatus = 'upcoming' | 'active' | 'completed';

export interface QuestTask {
  id: string;
  label: string;
  kind: 'tap' | 'claim' | 'checkin';
  completed: boolean;
  xp: number;
  progress: { current: number; target: number };
}

export interface TaskButton {
  show: boolean;
  label: string;
  action: string;
  variant: 'primary' | 'secondary';
}

export interface QuestReward {
  id: string;
  title: string;
  subtitle: string;
  image: string;
}

export interface Quest {
  id: string;
  brandId: string;
  title: string;
  description: string;
  rewardImage: string;
  bannerImage: string;
  location: string;
  date: string;
  startTime: string;
  endTime: string | null;
  status: QuestStatus;
  hasReward: boolean;
  tasks: QuestTask[];
  taskButtons: { button1: TaskButton; button2: TaskButton };
  rewards: QuestReward[];
  eligibleGear: { id: string; name: string; image: string }[];
  overallProgress: { completedSteps: number; totalSteps: number };
  taps: number;
  dropdownTypes: ('eligibleGear' | 'questRewards' | 'tasks' | 'tapsWristband' | 'individualTaskProgress' | 'overallProgress')[];
}

export interface BrandHub {
  id: string;
  name: string;
  description: string;
  banner: string;
  profilePicture: string;
  members: number;
  quests: Quest[];
  gearAvailable: number;
  gear: GearModelSummary[];
  isMember: boolean;
  isFollowing: boolean;
  posts: Post[];
}

export type NoticeType = 'new-quest' | 'new-award' | 'add-xp' | 'new-level';
export type AckType = '' | 'seen' | 'read';

export interface Notice {
  notice_id: string;
  type: NoticeType;
  title: string;
  message: string;
  created_at: string;
  ack_type: AckType;
  profilePicUrl: string | null;
  args: {
    profile?: { level: number; xp_progress: number; xp_required: number };
    award?: { type: 'flair' | 'badge'; url: string };
    level?: number;
    quest?: { id: string; brandId: string };
  };
}

export interface NoticeCount {
  /** ack_type empty */
  new: number;
  /** ack_type not read */
  unread: number;
}

/** Socket.io events from server to client. */
export interface ServerToClientEvents {
  notice: (notice: Notice) => void;
  'notice:ack': (ack: { notice_id: string; ack_type: AckType }) => void;
  'notice:count': (count: NoticeCount) => void;
}

export interface ClientToServerEvents {
  /** Ask for everything after the newest notice the client holds (by created_at and id). */
  'notice:sync': (since: { after: string | null }, reply: (notices: Notice[]) => void) => void;
}

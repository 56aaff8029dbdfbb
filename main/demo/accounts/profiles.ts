// Vietnamese names for the seeded accounts, and the e-mail addresses people make from them.
import { pick, randomInt, type Rng } from '../core/rng'

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
]
const FEMALE_MIDDLE = ['Thị', 'Ngọc', 'Thanh', 'Thu', 'Hoài', 'Bảo', 'Minh', 'Khánh']
const MALE_MIDDLE = ['Văn', 'Minh', 'Quốc', 'Đức', 'Gia', 'Hữu', 'Thành', 'Anh']
const FEMALE_GIVEN = [
  'Lan Anh',
  'Hương',
  'Trang',
  'Linh',
  'Phương',
  'Thảo',
  'Vy',
  'Ngân',
  'Hà',
  'Mai',
  'Yến',
  'Quỳnh',
]
const MALE_GIVEN = [
  'Hùng',
  'Dũng',
  'Tuấn',
  'Khoa',
  'Hải',
  'Nam',
  'Quân',
  'Long',
  'Phúc',
  'Bảo',
  'Huy',
  'Khang',
]
const DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com.vn', 'outlook.com', 'fpt.edu.vn']

export interface Profile {
  name: string
  email: string
}

/** `Nguyễn Thị Lan Anh` -> `nguyen thi lan anh`: what Vietnamese users type when a form refuses diacritics. */
export function stripDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
}

export function makeProfile(rng: Rng): Profile {
  const female = rng() < 0.5
  const family = pick(rng, FAMILY)
  const middle = pick(rng, female ? FEMALE_MIDDLE : MALE_MIDDLE)
  const given = pick(rng, female ? FEMALE_GIVEN : MALE_GIVEN)
  const name = `${family} ${middle} ${given}`
  const local = stripDiacritics(`${given} ${family}`).replace(/\s+/g, rng() < 0.5 ? '.' : '')
  const email = `${local}${randomInt(rng, 1, 99)}@${pick(rng, DOMAINS)}`
  return { name, email }
}

const COMPANIES = [
  ['Công ty TNHH Giải pháp Số Sao Mai', 'saomai-tech.vn'],
  ['Công ty CP Công nghệ Hoa Sen', 'hoasen-ai.vn'],
  ['Công ty TNHH Phần mềm Bến Thành', 'benthanhsoft.com.vn'],
  ['Công ty CP Dữ liệu Trường An', 'truongandata.vn'],
] as const

/** A reseller is a company; its account e-mail is a billing mailbox. */
export function makeCompanyProfile(rng: Rng): Profile {
  const [name, domain] = pick(rng, COMPANIES)
  return { name, email: `billing@${domain}` }
}

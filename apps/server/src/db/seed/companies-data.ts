/**
 * Demo companies. Codes are official GB/T 2260 codes (for municipalities the city is <province>0100, as in
 * the /api/areas tree). `tops` are the names of the top-level categories a supplier sells in.
 */
export interface CompanyDef {
  name: string;
  type: 2 | 4;
  brand: string;
  shopName?: string;
  shopType?: 1 | 2 | 3;
  merchantStatus: 0 | 1 | 2 | 3;
  memberLevel: 0 | 1 | 2 | 3;
  isMemberVail: 0 | 1;
  area: [number, number, number, string];
  address: string;
  contact: [string, string];
  tops: string[];
  mainBusiness: string;
  /** Login of the company's administrator. */
  phone: string;
  povertyRelief?: boolean;
}

const A = {
  yixing: [320000, 320200, 320282, '江苏省 无锡市 宜兴市'],
  shouguang: [370000, 370700, 370783, '山东省 潍坊市 寿光市'],
  gongyi: [410000, 410100, 410181, '河南省 郑州市 巩义市'],
  yuhang: [330000, 330100, 330110, '浙江省 杭州市 余杭区'],
  jiading: [310000, 310100, 310114, '上海市 上海市 嘉定区'],
  binhai: [120000, 120100, 120116, '天津市 天津市 滨海新区'],
  haidian: [110000, 110100, 110108, '北京市 北京市 海淀区'],
  tianhe: [440000, 440100, 440106, '广东省 广州市 天河区'],
  dawukou: [640000, 640200, 640202, '宁夏回族自治区 石嘴山市 大武口区'],
  hongshan: [420000, 420100, 420111, '湖北省 武汉市 洪山区'],
  fujin: [230000, 230800, 230882, '黑龙江省 佳木斯市 富锦市'],
  xindu: [510000, 510100, 510114, '四川省 成都市 新都区'],
  jiujiang: [340000, 340200, 340207, '安徽省 芜湖市 鸠江区'],
  tianyang: [450000, 451000, 451003, '广西壮族自治区 百色市 田阳区'],
  daxing: [110000, 110100, 110115, '北京市 北京市 大兴区'],
  nanshan: [440000, 440300, 440305, '广东省 深圳市 南山区'],
  wuzhong: [320000, 320500, 320506, '江苏省 苏州市 吴中区'],
  yubei: [500000, 500100, 500112, '重庆市 重庆市 渝北区'],
  zhangdian: [370000, 370300, 370303, '山东省 淄博市 张店区'],
  wuhou: [510000, 510100, 510107, '四川省 成都市 武侯区'],
} satisfies Record<string, [number, number, number, string]>;

const supplier = (
  name: string,
  brand: string,
  shopName: string,
  shopType: 1 | 2 | 3,
  area: [number, number, number, string],
  address: string,
  contact: [string, string],
  tops: string[],
  mainBusiness: string,
  phone: string,
  extra: Partial<CompanyDef> = {},
): CompanyDef => ({
  name, type: 2, brand, shopName, shopType, merchantStatus: 3, memberLevel: 2, isMemberVail: 0,
  area, address, contact, tops, mainBusiness, phone, ...extra,
});

export const SUPPLIERS: CompanyDef[] = [
  supplier('江苏清源水处理科技有限公司', '清源', '清源水处理旗舰店', 1, A.yixing, '宜兴环保科技工业园绿园路18号', ['王建华', '0510-87061234'],
    ['水处理药剂', '实验室耗材', '过滤材料'], '聚合氯化铝、聚丙烯酰胺、碳源、除磷剂等水处理药剂的研发与生产', '18800000002',
    { memberLevel: 1, isMemberVail: 1 }),
  supplier('山东蓝海环保设备有限公司', '蓝海', '蓝海环保设备专营店', 1, A.shouguang, '寿光市羊口镇渤海化工园8号', ['李振东', '0536-5208866'],
    ['水处理设备', '污泥处理', '给水设备'], '一体化污水处理设备、加药装置、压滤机、无负压供水设备', '18800000003', { memberLevel: 3 }),
  supplier('河南巩义华禹净水材料有限公司', '华禹', '华禹净水材料店', 1, A.gongyi, '巩义市站街镇工业区华禹路6号', ['赵红伟', '0371-64318899'],
    ['水处理药剂', '过滤材料'], '聚合氯化铝、聚合硫酸铁、石英砂与无烟煤滤料', '18800010005'),
  supplier('浙江碧泉膜科技有限公司', '碧泉', '碧泉膜科技官方店', 1, A.yuhang, '余杭经济开发区兴中路368号', ['陈思远', '0571-86237700'],
    ['膜及膜组件', '给水设备'], '反渗透膜、超滤膜、MBR膜组件及膜系统集成', '18800010006', { memberLevel: 3 }),
  supplier('上海沪东泵业制造有限公司', '沪东', '沪东泵业直营店', 1, A.jiading, '嘉定区马陆镇宝安公路2899号', ['周立群', '021-59506688'],
    ['泵阀管件', '给水设备', '电气自控'], '离心泵、潜污泵、计量泵及变频供水设备', '18800010007'),
  supplier('天津津滨阀门集团有限公司', '津滨', '津滨阀门集团店', 1, A.binhai, '滨海新区塘沽海洋高新区华山道99号', ['孙国强', '022-25326677'],
    ['泵阀管件', '管材管件'], '蝶阀、闸阀、止回阀、法兰与伸缩器', '18800010008'),
  supplier('北京中科润仪分析仪器有限公司', '润仪', '中科润仪仪器店', 2, A.haidian, '海淀区上地信息路28号科实大厦5层', ['刘晓燕', '010-62987711'],
    ['检测仪器', '实验室耗材', '电气自控'], '在线水质监测仪表、便携式检测仪与实验室试剂耗材', '18800010009', { memberLevel: 3 }),
  supplier('广东粤海环境工程有限公司', '粤海环境', '粤海环境工程服务店', 3, A.tianhe, '天河区天河北路233号中信广场36层', ['黄志明', '020-38826655'],
    ['环保工程服务', '污泥处理'], '污水处理工程设计、施工、运营托管及第三方检测', '18800010010'),
  supplier('宁夏塞上活性炭有限公司', '塞上', '塞上活性炭厂家店', 1, A.dawukou, '大武口区工业园区长胜街12号', ['马文斌', '0952-2016688'],
    ['水处理药剂', '过滤材料'], '煤质活性炭、椰壳活性炭、粉末活性炭', '18800010011', { povertyRelief: true }),
  supplier('湖北楚天农资有限公司', '楚天', '楚天农资专营店', 2, A.hongshan, '洪山区珞狮南路519号', ['吴德胜', '027-87653322'],
    ['农资化肥', '大宗商品'], '尿素、复合肥、水溶肥、有机肥与优质种子', '18800010012'),
  supplier('黑龙江三江粮贸有限公司', '三江', '三江粮贸旗舰店', 2, A.fujin, '富锦市锦山镇粮库路1号', ['高永福', '0454-2385566'],
    ['大宗商品', '农资化肥'], '玉米、大豆、稻谷收储与贸易', '18800010013', { povertyRelief: true }),
  supplier('四川川塑管业有限公司', '川塑', '川塑管业官方店', 1, A.xindu, '新都区工业东区兴乐北路66号', ['杨建军', '028-83961122'],
    ['管材管件', '泵阀管件'], 'PE给水管、PVC-U管、HDPE双壁波纹管及管件', '18800010014'),
  supplier('江苏宜兴环宇曝气设备有限公司', '环宇', '环宇曝气设备店', 1, A.yixing, '宜兴市高塍镇环保工业集中区', ['蒋卫东', '0510-87829900'],
    ['水处理设备', '过滤材料', '污泥处理'], '微孔曝气器、罗茨鼓风机、MBBR填料与组合填料', '18800010015'),
  supplier('安徽皖江化工有限公司', '皖江', '皖江化工直销店', 1, A.jiujiang, '鸠江经济开发区化工路18号', ['许海涛', '0553-5918877'],
    ['水处理药剂', '大宗商品'], '次氯酸钠、液碱、片碱、盐酸及乙酸钠碳源', '18800010016'),
  supplier('广西桂南农业发展有限公司', '桂南', '桂南助农馆', 2, A.tianyang, '田阳区百育镇农业产业园', ['韦春燕', '0776-3212233'],
    ['农资化肥', '大宗商品'], '有机肥、稻谷与种子，带动周边农户增收', '18800010017', { povertyRelief: true, memberLevel: 1 }),
];

/** Suppliers whose merchant application is still open (console demo): no shop. */
export const APPLICANTS: CompanyDef[] = [
  { ...supplier('湖南湘源环保科技有限公司', '湘源', '湘源环保店', 1, A.wuhou, '武侯区科华北路65号', ['彭立新', '028-85512233'],
    [], '污泥调理剂与除臭剂', '18800010018'), merchantStatus: 1, memberLevel: 0 },
  { ...supplier('福建闽清水务设备有限公司', '闽清', '闽清水务店', 2, A.nanshan, '南山区科技园南区高新南七道', ['林志强', '0755-26631188'],
    [], '水务设备代理', '18800010019'), merchantStatus: 2, memberLevel: 0 },
];

const purchaser = (
  name: string,
  area: [number, number, number, string],
  address: string,
  contact: [string, string],
  mainBusiness: string,
  phone: string,
  memberLevel: 0 | 1 | 2 | 3 = 1,
): CompanyDef => ({
  name, type: 4, brand: '', merchantStatus: 0, memberLevel, isMemberVail: 0, area, address, contact, tops: [], mainBusiness, phone,
});

export const PURCHASERS: CompanyDef[] = [
  purchaser('北京京南再生水有限公司', A.daxing, '大兴区黄村镇再生水厂路1号', ['张立伟', '010-69258800'], '城市污水处理与再生水生产', '18800000004'),
  purchaser('深圳市鹏城水务运营有限公司', A.nanshan, '南山区深南大道9678号', ['林晓彤', '0755-86698800'], '自来水厂与污水厂运营', '18800020002', 2),
  purchaser('苏州吴中清流污水处理有限公司', A.wuzhong, '吴中区木渎镇金枫南路1258号', ['沈俊杰', '0512-66201188'], '工业园区污水集中处理', '18800020003'),
  purchaser('重庆渝江给排水有限公司', A.yubei, '渝北区龙溪街道金开大道88号', ['何永刚', '023-67856600'], '城乡供排水一体化运营', '18800020004'),
  purchaser('山东鲁中化工股份有限公司', A.zhangdian, '张店区华光路366号', ['韩志刚', '0533-2288866'], '精细化工生产，循环水与废水处理', '18800020005', 3),
  purchaser('成都天府食品饮料有限公司', A.wuhou, '武侯区武侯新城管委会旁', ['罗雪梅', '028-85336699'], '饮料生产，纯水与污水处理', '18800020006'),
  purchaser('武汉东湖热电有限公司', A.hongshan, '洪山区青王路8号', ['汪涛', '027-87881234'], '热电联产，锅炉补给水处理', '18800020007'),
];

export const PLATFORM_ADMIN = { phone: '18800000000', adminName: 'admin', realName: '平台管理员' };
export const DEMO_PASSWORD = 'Demo@2026';

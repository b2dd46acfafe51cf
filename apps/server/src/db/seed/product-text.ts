import type { LeafDef, TopDef } from './catalog-data.ts';

/** Where each branch's products are used; shown on detail pages. */
const USES: Record<string, string[]> = {
  水处理药剂: ['市政污水处理厂', '自来水厂饮用水净化', '印染、造纸、电镀等工业废水', '电厂循环冷却水', '食品与制药废水'],
  水处理设备: ['市政污水处理', '工业园区污水集中处理', '农村分散式污水处理', '景观水体净化'],
  膜及膜组件: ['纯水及超纯水制备', '苦咸水与海水淡化', '中水回用', '饮料与制药用水'],
  泵阀管件: ['给排水管网', '污水提升泵站', '工业循环水系统', '消防供水'],
  检测仪器: ['污水厂进出水监测', '环保部门执法检测', '水厂工艺控制', '实验室分析'],
  环保工程服务: ['新建污水处理项目', '提标改造项目', '工业企业环保验收', '农村环境综合整治'],
  农资化肥: ['水稻、小麦、玉米等大田作物', '果树与设施蔬菜', '茶叶与经济作物'],
  大宗商品: ['饲料与食品加工', '化工生产', '工程建设', '贸易储备'],
  管材管件: ['城镇供水管网', '市政排水与排污', '建筑给排水', '农田灌溉'],
  污泥处理: ['市政污泥脱水减量', '工业污泥处理', '河道清淤污泥处理'],
  给水设备: ['高层住宅二次供水', '学校与医院供水', '工矿企业供水', '锅炉补给水'],
  实验室耗材: ['水质实验室日常分析', '环境监测站', '高校科研'],
  过滤材料: ['自来水厂滤池', '工业水过滤', '生物滤池与MBBR工艺'],
  电气自控: ['泵站自动化', '污水厂中控系统', '供水设备控制'],
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The product detail HTML (only tags the sanitiser keeps: h3, p, ul, li, img); the spec table is the page's. */
export function productDescription(opts: {
  name: string;
  leaf: LeafDef;
  top: TopDef;
  spec: string;
  companyName: string;
  attributes: { name: string; value: string }[];
  image: string;
}): string {
  const uses = USES[opts.top.name] ?? ['各类工业与市政项目'];
  const brand = opts.attributes.find((a) => a.name === '品牌')?.value ?? '';
  return [
    `<h3>产品介绍</h3>`,
    `<p>${esc(brand)}${esc(opts.name)}由${esc(opts.companyName)}生产供应，属于${esc(opts.top.name)}中的${esc(opts.leaf.name)}类产品。产品质量稳定、性能可靠，出厂每批次附检测报告，可按客户工况提供选型与技术指导。</p>`,
    `<p><img src="/f/${opts.image}" alt="${esc(opts.leaf.name)}"></p>`,
    `<h3>产品特点</h3>`,
    `<ul><li>规格：${esc(opts.spec)}，可按需定制</li><li>批次稳定，附出厂检测报告</li><li>提供选型、投加与调试技术支持</li></ul>`,
    `<h3>应用领域</h3>`,
    `<ul>${uses.map((u) => `<li>${esc(u)}</li>`).join('')}</ul>`,
    `<h3>包装与运输</h3>`,
    `<p>按${esc(opts.leaf.unit)}计价，支持整车及零担物流，发货前电话确认；大宗采购可签订年度供货协议，价格随量优惠。</p>`,
  ].join('');
}

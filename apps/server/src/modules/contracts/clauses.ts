/**
 * The platform's standard clauses of an order contract (采购合同), in one catalogue
 * (docs/decisions/0208-order-contracts.md, docs/product/contracts.md#text). 甲方 is the purchaser (需方), 乙方 the
 * supplier (供方). The delivery and payment clauses take the order's facts; the rest is fixed text.
 */
export interface ClauseFacts {
  /** The delivery address as printed. */
  deliveryPlace: string;
  /** 乙方's settlement account for transfers, when verified. */
  payeeAccount: string | null;
  /** 甲方 pays on credit terms (账期) with this supplier. */
  onCredit: boolean;
}

export function contractClauses(f: ClauseFacts): string[] {
  const pay = f.payeeAccount
    ? `甲方以银行转账（对公）方式将货款支付至乙方结算账户：${f.payeeAccount}，转账附言须注明订单编号${f.onCredit ? '；双方另有账期约定的，按平台授信账户的账期支付' : ''}。乙方确认到账后方视为付款完成。`
    : `甲方通过平台支持的方式（银行转账至乙方经平台验证的结算账户${f.onCredit ? '或账期支付' : ''}）支付货款，乙方确认到账后方视为付款完成。`;
  return [
    '第一条 标的：乙方向甲方出售上表所列货物，名称、规格、数量、单价及金额以上表为准；单价为含税价，乙方按订单约定开具发票。',
    `第二条 交货：乙方在收到货款（或双方约定的账期生效）后按订单约定的期限发货，交货地点为${f.deliveryPlace}；运费按订单约定承担。货物毁损灭失的风险自甲方签收时转移。`,
    `第三条 付款：${pay}`,
    '第四条 验收：甲方应在收货后7日内验收，对数量、外观质量有异议的，应在该期限内通过平台提出售后申请；逾期未提出的视为验收合格，但隐蔽质量问题除外。',
    '第五条 质量保证：乙方保证货物为合格正品，符合国家标准、行业标准及双方约定的规格；因质量问题造成的退换货及合理费用由乙方承担。',
    '第六条 违约责任：乙方逾期交货或甲方逾期付款的，每逾期一日按逾期部分金额的万分之五向对方支付违约金，累计不超过合同总额的百分之十；逾期超过30日的，守约方有权解除合同。',
    '第七条 不可抗力：因不可抗力不能履行合同的，受影响方应及时通知对方并在15日内提供证明，根据影响程度部分或全部免除责任。',
    '第八条 争议解决：因本合同引起的争议，双方应友好协商；协商不成的，任何一方可向原告所在地有管辖权的人民法院提起诉讼。',
    '第九条 其他：本合同经双方通过平台电子签约服务签署后生效，电子签章与手写签字、实物盖章具有同等法律效力；本合同与平台订单记录不一致的，以本合同为准。',
  ];
}

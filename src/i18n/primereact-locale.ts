import { addLocale, locale, localeOptions } from 'primereact/api';
import type { Language } from '../../contract/constants';

// PrimeReact's own texts (dialog close buttons, calendars, empty lists) in Chinese; English is built in.
export function applyPrimeReactLocale(lang: Language): void {
  if (lang === 'zh') {
    const en = localeOptions('en') as { aria?: object };
    addLocale('zh', {
      accept: '是',
      reject: '否',
      choose: '选择',
      upload: '上传',
      cancel: '取消',
      close: '关闭',
      clear: '清除',
      apply: '应用',
      today: '今天',
      now: '现在',
      weekHeader: '周',
      firstDayOfWeek: 1,
      dateFormat: 'yy-mm-dd',
      dayNames: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
      dayNamesShort: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
      dayNamesMin: ['日', '一', '二', '三', '四', '五', '六'],
      monthNames: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
      monthNamesShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
      chooseYear: '选择年份',
      chooseMonth: '选择月份',
      chooseDate: '选择日期',
      prevMonth: '上个月',
      nextMonth: '下个月',
      prevYear: '上一年',
      nextYear: '下一年',
      emptyFilterMessage: '没有匹配的结果',
      emptyMessage: '暂无数据',
      passwordPrompt: '请输入密码',
      aria: {
        ...en.aria,
        close: '关闭',
        previous: '上一页',
        next: '下一页',
        navigation: '导航',
        selectAll: '全选',
        unselectAll: '取消全选',
        showPassword: '显示密码',
        hidePassword: '隐藏密码',
        firstPageLabel: '第一页',
        lastPageLabel: '最后一页',
        nextPageLabel: '下一页',
        prevPageLabel: '上一页',
        rowsPerPageLabel: '每页行数',
        pageLabel: '第 {page} 页',
        // the paginator's jump and page-size controls, so Chinese screens carry no English labels
        jumpToPageInputLabel: '跳转到页',
        jumpToPageDropdownLabel: '跳转到页',
      },
    } as Parameters<typeof addLocale>[1]);
  }
  locale(lang);
}

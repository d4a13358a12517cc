// Labels of templates, address books and the rich message preview, merged by src/i18n/i18n.ts.
export const LIBRARY_EN: Record<string, unknown> = {
  screen: { contentTemplateList: 'Content templates', videoTemplateList: 'Video templates', cspTemplateList: 'Card templates', addressBookList: 'Address book' },
  lib: {
    templateId: 'Template id', content: 'Content', keyword: 'Keyword', checkStatus: 'Review status', resultDesc: 'Review note', checkTime: 'Reviewed',
    createTime: 'Created', title: 'Title', sign: 'Signature', size: 'Size (KB)', status: 'Status', templateName: 'Template name', chatbot: 'Chatbot',
    autograph: 'Signature', lowType: 'Fallback', name: 'Name', mobile: 'Mobile', email: 'Email', group: 'Group', noChatbot: 'This account has no chatbot', rename: 'Rename', groupName: 'Group name',
    memberCount: 'Members', remark: 'Remark', add: 'Add', delete: 'Delete', save: 'Save', cancel: 'Cancel', account: 'Account',
    placeholders: 'Variables: {{n}}', segments: '{{chars}} characters, {{segments}} billed segment(s) ({{per}} per segment)', pending: 'Pending sync',
    confirmDelete: 'This will permanently delete record number {{n}}, continue?', confirmDeleteNamed: 'This will permanently delete “{{name}}”, continue?', confirmTitle: 'Confirm', queued: 'Queued: it is submitted once online',
    frames: 'Frames', frame: 'Frame {{n}}', addFrame: 'Add frame', cards: 'Cards', card: 'Card {{n}}', addCard: 'Add card', buttons: 'Buttons',
    addButton: 'Add button', buttonName: 'Button name', buttonUrl: 'Link', mediaType: 'Media type', upload: 'Upload material', text: 'Text',
    up: 'Up', down: 'Down', remove: 'Remove', smsContent: 'Fallback SMS', videoTitle: 'Fallback video title', readContent: 'Fallback read message',
    import: 'Import', export: 'Export', importTemplate: 'Import sheet', importing: 'Importing…', uploading: 'Uploading {{pct}}%',
    importDone: 'Import finished: {{imported}} imported, {{invalid}} invalid, {{duplicates}} duplicates', report: 'Download error report',
    editAgain: 'Edit again', dismiss: 'Dismiss', allGroups: 'All groups', members: 'Members', groups: 'Groups', chooseGroup: 'Choose a group first',
  },
  // the local cache dialog lists every replicated resource
  cache: { resources: { contentTemplate: 'Content templates', videoTemplate: 'Video templates', cspTemplate: 'Card templates', addressGroup: 'Address-book groups', addressMember: 'Address-book members' } },
  media: { image: 'Image', video: 'Video', audio: 'Audio', text: 'Text only' },
  preview: {
    title: 'Preview', card: 'Card', sms: 'Fallback SMS', video: 'Fallback video', read: 'Fallback read message', sender: '1069XXXXXXXX', empty: 'Nothing yet',
  },
  // command names as the Activity screen shows them (event types are dotted paths)
  command: {
    template: {
      content: {
        add: 'Add content template',
        delete: 'Delete content template',
      },
      video: {
        add: 'Add video template',
        delete: 'Delete video template',
      },
      csp: {
        add: 'Add card template',
        delete: 'Delete card template',
      },
    },
    addressBook: {
      group: {
        add: 'Add address-book group',
        mod: 'Edit address-book group',
        delete: 'Delete address-book group',
      },
      member: {
        add: 'Add contact',
        mod: 'Edit contact',
        delete: 'Delete contact',
      },
    },
  },
};

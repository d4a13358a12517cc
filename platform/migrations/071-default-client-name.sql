-- An install that has not named itself shows the console's own name in the reader's language (短信云平台 / SMS
-- Cloud): the name seeded by migration 003 was Chinese on the English login page too. An operator's own name stays.
update site_settings set value = '' where key = 'client_name' and value = '短信云平台';
